// Раздел «Товары» of the back office: the searchable list, a product's edit page and the new-product form.
import { Route, Routes } from 'react-router';
import { ProductCreatePage, ProductEditPage } from './product-edit.tsx';
import { ProductList } from './product-list.tsx';
import './products.css';

export function ProductsSection() {
  return (
    <Routes>
      <Route index element={<ProductList />} />
      <Route path="new" element={<ProductCreatePage />} />
      <Route path=":id" element={<ProductEditPage />} />
      <Route path="*" element={<ProductList />} />
    </Routes>
  );
}
