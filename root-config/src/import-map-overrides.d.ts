// import-map-overrides ships a browser script with no types: importing it only runs it (it reads stored
// overrides and inserts them as an import-map script).
declare module 'import-map-overrides';
