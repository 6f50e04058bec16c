// Раздел «Товары» of the back office: the searchable list (with the bulk change), a product's edit page, the
// new-product form, and the spreadsheet export and import.
import { Route, Routes } from 'react-router';
import { CatalogSheets } from './catalog-sheets.tsx';
import { ProductCreatePage, ProductEditPage } from './product-edit.tsx';
import { ProductList } from './product-list.tsx';
import './products.css';

export function ProductsSection() {
  return (
    <Routes>
      <Route index element={<ProductList />} />
      <Route path="new" element={<ProductCreatePage />} />
      <Route path="sheets" element={<CatalogSheets />} />
      <Route path=":id" element={<ProductEditPage />} />
      <Route path="*" element={<ProductList />} />
    </Routes>
  );
}
