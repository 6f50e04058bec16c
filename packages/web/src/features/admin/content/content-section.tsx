// Раздел «Контент» of the back office: articles, recipes, static pages, home slides and menu links, each a tab
// with its own address (/admin/content/articles/12…), so a link to an edit page can be shared and reopened.
import { Navigate, Route, Routes } from 'react-router';
import { NavLink } from '../../../lib/router/link.tsx';
import { AdminHeader } from '../admin-ui.tsx';
import { CONTENT_BASE } from './content-api.ts';
import { MenuTab } from './menu-tab.tsx';
import { PublicationCreatePage, PublicationEditPage } from './publication-edit.tsx';
import { PublicationList } from './publication-list.tsx';
import { SlidesTab } from './slides-tab.tsx';
import { StaticPageEdit, StaticPageList } from './static-pages-tab.tsx';
import './content.css';

const TABS = [
  { path: 'articles', title: 'Статьи' },
  { path: 'recipes', title: 'Рецепты' },
  { path: 'pages', title: 'Страницы' },
  { path: 'slides', title: 'Слайды' },
  { path: 'menu', title: 'Меню' },
] as const;

/** A list page: the section title and its tabs above it. */
function TabPage({ children }: { children: React.ReactNode }) {
  return (
    <section className="content-admin">
      <AdminHeader title="Контент" />
      <nav className="content-tabs" aria-label="Виды контента">
        {TABS.map((tab) => (
          <NavLink key={tab.path} className="content-tabs__tab" to={`${CONTENT_BASE}/${tab.path}`}>
            {tab.title}
          </NavLink>
        ))}
      </nav>
      {children}
    </section>
  );
}

export function ContentSection() {
  return (
    <Routes>
      <Route index element={<Navigate to={`${CONTENT_BASE}/articles`} replace />} />
      <Route
        path="articles"
        element={
          <TabPage>
            <PublicationList key="articles" kind="articles" />
          </TabPage>
        }
      />
      <Route path="articles/new" element={<PublicationCreatePage kind="articles" />} />
      <Route path="articles/:id" element={<PublicationEditPage kind="articles" />} />
      <Route
        path="recipes"
        element={
          <TabPage>
            <PublicationList key="recipes" kind="recipes" />
          </TabPage>
        }
      />
      <Route path="recipes/new" element={<PublicationCreatePage kind="recipes" />} />
      <Route path="recipes/:id" element={<PublicationEditPage kind="recipes" />} />
      <Route
        path="pages"
        element={
          <TabPage>
            <StaticPageList />
          </TabPage>
        }
      />
      <Route path="pages/:id" element={<StaticPageEdit />} />
      <Route
        path="slides"
        element={
          <TabPage>
            <SlidesTab />
          </TabPage>
        }
      />
      <Route
        path="menu"
        element={
          <TabPage>
            <MenuTab />
          </TabPage>
        }
      />
      <Route path="*" element={<Navigate to={`${CONTENT_BASE}/articles`} replace />} />
    </Routes>
  );
}
