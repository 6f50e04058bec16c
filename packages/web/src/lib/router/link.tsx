// The shop's <Link> and <NavLink>: React Router's own bring framework-mode code (route prefetching, lazy route
// discovery, view transitions) into every page's initial JavaScript, and the shop uses none of it. These keep what
// the shop does use: client-side navigation on a plain left click, the browser's own behaviour otherwise.
import { type AnchorHTMLAttributes, type MouseEvent, type Ref, useContext } from 'react';
import {
  createPath,
  UNSAFE_NavigationContext as NavigationContext,
  parsePath,
  type RelativeRoutingType,
  type To,
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
} from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** 'path' resolves `to` against the URL's path instead of the route tree (like React Router's). */
  relative?: RelativeRoutingType;
  ref?: Ref<HTMLAnchorElement>;
}

/** A URL with a scheme (https:, mailto:…) or protocol-relative: the browser opens it, not the router. */
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** A path from the site's root ("/catalog.html?page=2"): it is its own address, nothing to resolve. */
const ROOT_PATH = /^\/(?!\/)/;

export function Link(props: LinkProps) {
  // Most of a page's ~110 links lead to a root path: resolving each against the route matches (React Router's
  // useHref and useLinkClickHandler) was a tenth of a server render's CPU.
  return typeof props.to === 'string' && ROOT_PATH.test(props.to) ? (
    <RootPathLink {...props} to={props.to} />
  ) : (
    <ResolvedLink {...props} />
  );
}

/** A plain left click in this tab: the router's; anything else (a modifier, another button, a target): the browser's. */
function isRouterClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

function RootPathLink({ to, relative: _root, onClick, ...rest }: LinkProps & { to: string }) {
  const { navigator } = useContext(NavigationContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isRouterClick(event, rest.target)) return;
    event.preventDefault();
    // A link to the page already shown replaces its history entry, as React Router's does.
    const here = createPath(window.location);
    if (here === createPath(parsePath(to))) navigator.replace(to);
    else navigator.push(to);
  };
  return <a {...rest} href={to} onClick={handleClick} />;
}

function ResolvedLink({ to, relative, onClick, ...rest }: LinkProps) {
  const href = useHref(to, { relative });
  // Modifier keys, a middle click or target="_blank" leave the click to the browser (useLinkClickHandler checks).
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { relative, target: rest.target });
  if (typeof to === 'string' && EXTERNAL.test(to)) return <a {...rest} href={to} onClick={onClick} />;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} onClick={handleClick} />;
}

export interface NavLinkProps extends LinkProps {
  /** Active only on exactly this path, not on the paths below it. */
  end?: boolean;
}

/** A Link that marks itself when the current page is its target or below it: aria-current="page" and class "active". */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const target = useResolvedPath(rest.to, { relative: rest.relative }).pathname.toLowerCase();
  const current = useLocation().pathname.toLowerCase();
  // '/admin/' is the parent of '/admin/x' as '/admin' is: the slash after the prefix is the one already in it.
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = current === target || (!end && current.startsWith(target) && current.charAt(slash) === '/');
  return (
    <Link
      {...rest}
      aria-current={active ? 'page' : undefined}
      className={active ? (className ? `${className} active` : 'active') : className}
    />
  );
}
