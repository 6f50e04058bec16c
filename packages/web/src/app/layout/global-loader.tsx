// Global loader of spec §2: a thin bar across the top while a page is being loaded.
import { useNavigation } from '../../lib/router/router-view.tsx';

export function GlobalLoader() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <div
      className={busy ? 'global-loader global-loader--active' : 'global-loader'}
      role="progressbar"
      aria-hidden={!busy}
      aria-label="Загрузка страницы"
    />
  );
}
