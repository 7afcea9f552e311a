import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilePicker } from './FilePicker';

describe('the file picker', () => {
  it('names its input, says 选择文件 and 未选择文件 in Chinese, and shows the picked file by name', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<FilePicker label="上传站点标志" accept="image/png" onChange={onChange} />);
    const input = screen.getByLabelText('上传站点标志');
    expect(input).toHaveAttribute('type', 'file');
    screen.getByText('选择文件');
    screen.getByText('未选择文件');
    await user.upload(input, new File(['png'], '联盟标志.png', { type: 'image/png' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    screen.getByText('联盟标志.png');
  });

  it('is reached with Tab, though hidden from sight', async () => {
    const user = userEvent.setup();
    render(<FilePicker label="上传封面图" accept="image/png" onChange={() => undefined} />);
    await user.tab();
    expect(screen.getByLabelText('上传封面图')).toHaveFocus();
  });
});
