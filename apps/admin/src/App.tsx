export const App = () => (
  <main>
    <h1>联盟门户管理台</h1>
    <p>管理台建设中。</p>
  </main>
);
