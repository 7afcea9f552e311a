import { CAPTCHA_IMAGE_ALT, CAPTCHA_RULES, captchaImageSource } from '@lianmeng/core';
import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import type { CaptchaState } from './useCaptcha';

/** The form field a challenge's answer goes in. */
export const CAPTCHA_FIELD = 'captchaCode';

/**
 * The image challenge: the picture, the answer box and 换一张 for a new picture. Not shown while the form
 * needs no challenge.
 */
export const CaptchaField = ({ captcha, required }: { captcha: CaptchaState; required: boolean }) => {
  const form = Form.useFormInstance();
  const { shown, refusal } = captcha;
  // The server's refusal shows where the field's own errors do, once the field is there; typing a new answer
  // validates the field again and replaces it.
  useEffect(() => {
    if (shown && refusal) form.setFields([{ name: CAPTCHA_FIELD, errors: [refusal.message] }]);
  }, [form, shown, refusal]);
  if (!shown) return null;
  const { challenge } = captcha;
  return (
    <Form.Item label="图形验证码" required={required} extra="请输入图中的字符，不区分大小写">
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Form.Item
          name={CAPTCHA_FIELD}
          noStyle
          rules={required ? [{ required: true, whitespace: true, message: '请输入图形验证码' }] : []}
        >
          <Input
            aria-label="图形验证码"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={CAPTCHA_RULES.length}
            placeholder={`${CAPTCHA_RULES.length} 位字符`}
            style={{ flex: 1, minWidth: 0 }}
          />
        </Form.Item>
        {challenge ? (
          <img
            src={captchaImageSource(challenge.image)}
            alt={CAPTCHA_IMAGE_ALT}
            width={120}
            height={45}
            style={{ background: '#fff', border: '1px solid #d9d9d9', borderRadius: 6 }}
            data-testid="captcha-image"
          />
        ) : (
          <span role="status" style={{ width: 120, textAlign: 'center' }}>
            {captcha.failed ? '加载失败，请点击换一张' : '正在加载…'}
          </span>
        )}
        <Button onClick={() => void captcha.refresh()} aria-label="换一张图形验证码">
          换一张
        </Button>
      </div>
    </Form.Item>
  );
};
