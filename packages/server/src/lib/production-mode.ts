// The production server always runs React and the libraries it loads in their production builds: React picks its
// build from NODE_ENV when first loaded, and `npm start`, a test runner (NODE_ENV=test) or a bare
// `node dist/main.js` may not set it. The development build renders pages at about half the speed. Imported first
// by main.ts, so it runs before any module reads the variable; `npm run dev` (dev.ts) does not import it.
process.env.NODE_ENV = 'production';
