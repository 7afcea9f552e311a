import { fireEvent, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './Pager';

const renderAt = (address: string, onChange = vi.fn()) => {
  render(
    <MemoryRouter initialEntries={[address]}>
      <Pager current={5} total={300} pageSize={10} onChange={onChange} />
    </MemoryRouter>,
  );
  return onChange;
};

describe('Pager', () => {
  it('gives every link an address (HTML allows no <a> without one): the page number in the query, page 1 without', () => {
    renderAt('/search?keyword=%E6%9C%BA%E5%99%A8%E4%BA%BA&page=5');
    const anchors = Array.from(document.querySelectorAll('a'));
    expect(anchors.length).toBeGreaterThan(5);
    for (const anchor of anchors) expect(anchor.getAttribute('href'), anchor.outerHTML).toBeTruthy();
    const byPage = (text: string) => anchors.find((anchor) => anchor.textContent === text)?.getAttribute('href');
    expect(byPage('1')).toBe('/search?keyword=%E6%9C%BA%E5%99%A8%E4%BA%BA');
    expect(byPage('6')).toBe('/search?keyword=%E6%9C%BA%E5%99%A8%E4%BA%BA&page=6');
  });

  it('leaves a click to its onChange instead of loading the address', () => {
    const onChange = renderAt('/news/list/2-1');
    const six = Array.from(document.querySelectorAll('a')).find((anchor) => anchor.textContent === '6');
    if (!six) throw new Error('no link to page 6');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(six, click);
    expect(click.defaultPrevented).toBe(true);
    expect(onChange).toHaveBeenCalledWith(6, 10);
  });
});
