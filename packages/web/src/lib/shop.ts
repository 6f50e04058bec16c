// The shop's name and contacts as the owner set them in the back office (decision 060): they come with the critical
// data of every page, so the header, footer and checkout show a change at the next page without a new build.
import type { PublicShop } from '@efir/domain/shop-settings';
import { useAppState } from './app-context.tsx';

export function useShop(): PublicShop {
  return useAppState((state) => state.critical.shop);
}
