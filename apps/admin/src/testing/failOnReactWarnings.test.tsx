import { format } from 'node:util';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { assertNoReactWarnings, isReactWarning, objectAttributes, takeReactWarnings } from './failOnReactWarnings';

describe('the admin tests fail on a React warning', () => {
  it('flags a component that passes an unknown prop to the DOM, naming the prop', () => {
    // What react-admin's inputs did on a MUI without `InputProps`: an object prop landing on a <div>.
    const { unmount } = render(createElement('div', { InputProps: { readOnly: true } }, '字段'));
    screen.getByText('字段');
    expect(() => assertNoReactWarnings()).toThrow(/React does not recognize the `InputProps` prop/);
    // The check forgot what it reported, and the element is gone, so this test's own afterEach check passes.
    expect(takeReactWarnings()).toEqual([]);
    unmount();
  });

  it('flags a list rendered without keys', () => {
    render(
      createElement(
        'ul',
        null,
        ['甲', '乙'].map((name) => createElement('li', null, name)),
      ),
    );
    expect(takeReactWarnings().join('\n')).toMatch(/unique "key" prop/);
  });

  it('lets an error object pass, as react-admin logs each rejected data-provider call', () => {
    expect(isReactWarning(format(new Error('您的角色没有权限执行此操作')))).toBe(false);
  });

  it('recognises an untranslated message and a MUI deprecation as warnings', () => {
    expect(isReactWarning('Warning: Missing translation for key: "已开放"')).toBe(true);
    expect(isReactWarning('MUI: The `InputProps` prop is deprecated.')).toBe(true);
    expect(isReactWarning('请求已取消')).toBe(false);
  });

  it('finds an object prop that reached the DOM under a lower-case name, which React lets pass silently', () => {
    const { container, unmount } = render(createElement('button', { type: 'button', record: { id: 1 } }, '删除'));
    expect(objectAttributes(container)).toEqual(['<button record="[object Object]">']);
    expect(takeReactWarnings()).toEqual([]);
    // Gone before this test's own afterEach check looks.
    unmount();
  });
});
