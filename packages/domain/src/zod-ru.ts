// Zod with Russian messages: import `z` from here so every validation error reaches the user in Russian.
import { z } from 'zod';

z.config(z.locales.ru());

export { z };
