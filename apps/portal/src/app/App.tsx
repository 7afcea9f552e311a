import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';

const IndexPage = () => (
  <main>
    <h1>全国学校体育联盟（机器人运动）</h1>
    <p>门户建设中。</p>
  </main>
);

export const App = () => (
  <BrowserRouter>
    <Routes>
      <Route path="/index" element={<IndexPage />} />
      <Route path="*" element={<Navigate to="/index" replace />} />
    </Routes>
  </BrowserRouter>
);
