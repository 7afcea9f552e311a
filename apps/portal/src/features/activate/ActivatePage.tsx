import {
  ACTIVATION_CODE,
  api,
  GUARDIAN_CONSENT,
  GUARDIAN_RELATIONS,
  type GuardianRelation,
  isCaptchaRefusal,
} from '@lianmeng/core';
import type { CallResult } from '@lianmeng/core/http';
import { Button, Card, Checkbox, ConfigProvider, Form, type FormInstance, Input, Select, Space, Steps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { quietHttp } from '../../app/api';
import { RefusalNotice } from '../../shared/RefusalNotice';
import { useHydrated } from '../../shared/useHydrated';
import { AccountPage } from '../account/AccountPage';
import { CAPTCHA_FIELD, CaptchaField } from '../login/CaptchaField';
import { cardNoRules, codeRules, phoneRules } from '../login/formRules';
import { NewPasswordFields } from '../login/NewPasswordFields';
import { type SendCode, SendCodeButton } from '../login/SendCodeButton';
import { type CaptchaState, useCaptcha } from '../login/useCaptcha';

/** Typed codes are forgiving, as the server is: case, spaces and dashes do not matter. */
const normalizeCode = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

const activationCodeRules = [
  { required: true, message: '请输入激活码' },
  {
    validator: async (_: unknown, value: unknown) => {
      if (typeof value !== 'string' || !value) return;
      if (!ACTIVATION_CODE.test(normalizeCode(value))) throw new Error('激活码为 8 位字母或数字，请核对后重新输入');
    },
  },
];

interface CardStep {
  cardNo: string;
  code: string;
  needsGuardianConsent: boolean;
  consentVersion: string;
}
interface PhoneStep {
  phone: string;
  smsCode: string;
  guardian?: {
    guardianName: string;
    guardianRelation: GuardianRelation;
    guardianPhone: string;
    guardianSmsCode?: string;
    consentVersion: string;
  };
}

/**
 * After a call: whether the image challenge's answer box is to be emptied, and the refusal to show above the
 * form, or null. A refusal that asks for the image challenge is shown at the challenge's own field instead.
 */
const refusalOf = (result: CallResult<unknown>, captcha: CaptchaState, sent: { captchaId?: string }) => {
  const clearCaptcha = captcha.settle(result, sent);
  if (result.ok || isCaptchaRefusal(result)) return { clearCaptcha, message: null };
  return { clearCaptcha, message: result.message };
};

/** Step 1: the card number and the one-time code the institution handed over. */
const CardStepForm = ({ onChecked }: { onChecked: (step: CardStep) => void }) => {
  const [form] = Form.useForm<{ cardNo: string; code: string; captchaCode?: string }>();
  const captcha = useCaptcha(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const hydrated = useHydrated();
  const filled = useRef(false);

  // A link fills the form in: `#cardNo=…&code=…` (what the institution hands out: a fragment never reaches a
  // server or its logs), or `?card=…&code=…`. Read once the page is hydrated, never on the server, so the code is
  // not in the page's HTML; then taken out of the address bar, so it does not stay in the history.
  useEffect(() => {
    if (!hydrated || filled.current) return;
    filled.current = true;
    const fragment = new URLSearchParams(hash.replace(/^#/, ''));
    const query = new URLSearchParams(search);
    const card = fragment.get('cardNo') ?? query.get('card') ?? query.get('cardNo');
    const code = fragment.get('code') ?? query.get('code');
    if (card) form.setFieldValue('cardNo', card.trim());
    if (code) form.setFieldValue('code', normalizeCode(code));
    if (card || code) navigate(pathname, { replace: true });
  }, [hydrated, search, hash, pathname, navigate, form]);

  const submit = async ({ cardNo, code, captchaCode }: { cardNo: string; code: string; captchaCode?: string }) => {
    const answer = await captcha.fields(captchaCode);
    setBusy(true);
    const normalized = normalizeCode(code);
    const result = await quietHttp.call(api.activation.check, { body: { cardNo, code: normalized, ...answer } });
    setBusy(false);
    const { clearCaptcha, message } = refusalOf(result, captcha, answer);
    if (clearCaptcha) form.setFieldValue(CAPTCHA_FIELD, '');
    setRefusal(message);
    if (result.ok) onChecked({ cardNo, code: normalized, ...result.data });
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} aria-label="核对卡号和激活码" requiredMark={false}>
      <RefusalNotice message={refusal} />
      <Form.Item label="卡号" name="cardNo" rules={cardNoRules}>
        <Input autoComplete="username" inputMode="numeric" maxLength={20} placeholder="学分卡上的卡号" />
      </Form.Item>
      <Form.Item label="激活码" name="code" rules={activationCodeRules} extra="机构发放的 8 位激活码，不区分大小写">
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={16} />
      </Form.Item>
      <CaptchaField captcha={captcha} required />
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="activate-check">
        下一步
      </Button>
    </Form>
  );
};

/** Sends the SMS code of the activation to a phone: the holder's or the guardian's. */
const sendCodeFor =
  (card: CardStep): SendCode =>
  (phone, answer) =>
    quietHttp.call(api.activation.sendCode, { body: { cardNo: card.cardNo, code: card.code, phone, ...answer } });

/**
 * The image challenge (when the site asks for one before a text) and the code field with its send button, for
 * the holder's phone or the guardian's.
 */
const CodeField = ({
  form,
  captcha,
  card,
  phoneField,
  codeField,
  label,
  testId,
}: {
  form: FormInstance;
  captcha: CaptchaState;
  card: CardStep;
  phoneField: string;
  codeField: string;
  label: string;
  testId: string;
}) => (
  <>
    <CaptchaField captcha={captcha} required={false} />
    <Form.Item label={label} required>
      <Space.Compact block>
        <Form.Item name={codeField} rules={codeRules} noStyle>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            placeholder="6 位验证码"
            aria-label={label}
          />
        </Form.Item>
        <SendCodeButton
          form={form}
          captcha={captcha}
          phoneField={phoneField}
          send={sendCodeFor(card)}
          testId={testId}
        />
      </Space.Compact>
    </Form.Item>
  </>
);

/** The guardian's consent (a holder under 14): who, their relation, their phone proved by a code, the text agreed. */
const GuardianConsent = ({
  form,
  card,
  holderPhone,
}: {
  form: FormInstance;
  card: CardStep;
  holderPhone: string | undefined;
}) => {
  const captcha = useCaptcha(true);
  const guardianPhone = Form.useWatch('guardianPhone', form) as string | undefined;
  const samePhone = Boolean(guardianPhone) && guardianPhone === holderPhone;
  return (
    <Form form={form} layout="vertical" aria-label="监护人同意" requiredMark={false}>
      <fieldset style={{ border: '1px solid #f0c36d', borderRadius: 4, padding: '12px 16px', margin: '0 0 16px' }}>
        {/* antd's reset gives a legend its grey, full-width look with a rule under it: undone for this one box. */}
        <legend
          style={{
            padding: '0 8px',
            fontWeight: 600,
            width: 'auto',
            border: 0,
            marginBottom: 0,
            color: 'inherit',
            fontSize: 'inherit',
          }}
        >
          监护人同意
        </legend>
        <p style={{ marginTop: 0 }}>
          持卡人在激活之日未满 14 周岁。依照《个人信息保护法》第三十一条，须由其监护人同意后方可激活。
        </p>
        <Form.Item
          label="监护人姓名"
          name="guardianName"
          rules={[
            { required: true, whitespace: true, message: '请输入监护人姓名' },
            { max: 40, message: '姓名不能超过 40 个字' },
          ]}
        >
          <Input autoComplete="name" maxLength={40} />
        </Form.Item>
        <Form.Item
          label="与学生的关系"
          name="guardianRelation"
          rules={[{ required: true, message: '请选择与学生的关系' }]}
        >
          <Select
            aria-label="与学生的关系"
            placeholder="请选择"
            options={GUARDIAN_RELATIONS.map((relation) => ({ value: relation, label: relation }))}
          />
        </Form.Item>
        <Form.Item label="监护人手机号" name="guardianPhone" rules={phoneRules}>
          <Input autoComplete="tel" inputMode="numeric" maxLength={11} />
        </Form.Item>
        {samePhone ? (
          <p data-testid="guardian-same-phone">监护人手机号与上面绑定的手机号相同，无需再次获取验证码。</p>
        ) : (
          <CodeField
            form={form}
            captcha={captcha}
            card={card}
            phoneField="guardianPhone"
            codeField="guardianSmsCode"
            label="监护人手机验证码"
            testId="guardian-send-code"
          />
        )}
        <section aria-labelledby="consent-title">
          <h3 id="consent-title" style={{ fontSize: 16, margin: '8px 0' }}>
            {GUARDIAN_CONSENT.title}
          </h3>
          <div
            data-testid="consent-text"
            style={{ background: '#fafafa', border: '1px solid #eee', padding: 12, lineHeight: 1.8 }}
          >
            <p style={{ margin: 0 }}>{GUARDIAN_CONSENT.text}</p>
            <p style={{ margin: '8px 0 0', color: '#595959' }}>版本：{GUARDIAN_CONSENT.version}</p>
          </div>
        </section>
        <Form.Item
          name="consent"
          valuePropName="checked"
          rules={[
            {
              validator: async (_, value) => {
                if (value !== true) throw new Error('请阅读监护人同意书并勾选同意');
              },
            },
          ]}
          style={{ marginTop: 12, marginBottom: 0 }}
        >
          <Checkbox>我已阅读并同意</Checkbox>
        </Form.Item>
      </fieldset>
    </Form>
  );
};

/** Step 2: the phone the card will log in with, proved by an SMS code; a child's guardian consents here too. */
const PhoneStepForm = ({
  card,
  onDone,
  onBack,
}: {
  card: CardStep;
  onDone: (step: PhoneStep) => void;
  onBack: () => void;
}) => {
  const [form] = Form.useForm<{ phone: string; smsCode: string }>();
  const [guardianForm] = Form.useForm();
  const captcha = useCaptcha(true);
  const phone = Form.useWatch('phone', form) as string | undefined;
  const [refusal, setRefusal] = useState<string | null>(null);

  const next = async () => {
    setRefusal(null);
    const [own, guardian] = await Promise.all([
      form.validateFields().catch(() => null),
      card.needsGuardianConsent ? guardianForm.validateFields().catch(() => null) : Promise.resolve({}),
    ]);
    if (!own || !guardian) {
      setRefusal(card.needsGuardianConsent ? '请完整填写手机验证和监护人同意后再继续' : null);
      return;
    }
    const step: PhoneStep = { phone: own.phone, smsCode: own.smsCode };
    if (card.needsGuardianConsent) {
      const values = guardian as Record<string, string>;
      step.guardian = {
        guardianName: values.guardianName?.trim() ?? '',
        guardianRelation: values.guardianRelation as GuardianRelation,
        guardianPhone: values.guardianPhone ?? '',
        guardianSmsCode: values.guardianPhone === own.phone ? undefined : values.guardianSmsCode,
        // The version of the text shown here; a server with a newer text refuses it and asks for a reload.
        consentVersion: GUARDIAN_CONSENT.version,
      };
    }
    onDone(step);
  };

  return (
    <>
      <RefusalNotice message={refusal} />
      <Form form={form} layout="vertical" aria-label="验证手机号" requiredMark={false}>
        <p style={{ marginTop: 0 }}>
          卡号 <strong>{card.cardNo}</strong>
          。请绑定用于登录和找回密码的手机号{card.needsGuardianConsent ? '（可填写监护人的手机号）' : ''}。
        </p>
        <Form.Item label="手机号" name="phone" rules={phoneRules}>
          <Input autoComplete="tel" inputMode="numeric" maxLength={11} placeholder="11 位手机号" />
        </Form.Item>
        <CodeField
          form={form}
          captcha={captcha}
          card={card}
          phoneField="phone"
          codeField="smsCode"
          label="验证码"
          testId="send-code"
        />
      </Form>
      {card.needsGuardianConsent && <GuardianConsent form={guardianForm} card={card} holderPhone={phone} />}
      <div style={{ display: 'flex', gap: 8 }}>
        <Button onClick={onBack}>上一步</Button>
        <Button type="primary" onClick={() => void next()} style={{ flex: 1 }} data-testid="activate-phone-next">
          下一步
        </Button>
      </div>
    </>
  );
};

/** Step 3: the password, judged by the site's strength rule as it is typed; then the card is activated. */
const PasswordStepForm = ({
  card,
  phoneStep,
  onActivated,
  onBack,
}: {
  card: CardStep;
  phoneStep: PhoneStep;
  onActivated: (cardNo: string) => void;
  onBack: (refusal: string) => void;
}) => {
  const [form] = Form.useForm<{ newPassword: string; confirmPassword: string; captchaCode?: string }>();
  const captcha = useCaptcha(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async ({ newPassword, captchaCode }: { newPassword: string; captchaCode?: string }) => {
    const answer = await captcha.fields(captchaCode);
    setBusy(true);
    const result = await quietHttp.call(api.activation.activate, {
      body: {
        cardNo: card.cardNo,
        code: card.code,
        phone: phoneStep.phone,
        smsCode: phoneStep.smsCode,
        password: newPassword,
        ...(phoneStep.guardian ?? {}),
        ...answer,
      },
    });
    setBusy(false);
    const { clearCaptcha, message } = refusalOf(result, captcha, answer);
    if (clearCaptcha) form.setFieldValue(CAPTCHA_FIELD, '');
    if (result.ok) {
      onActivated(result.data.cardNo);
      return;
    }
    // A wrong or expired SMS code is mended on the step before; anything else is shown here.
    if (message && /验证码/.test(message) && !/图形验证码/.test(message)) onBack(message);
    else setRefusal(message);
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} aria-label="设置密码" requiredMark={false}>
      <RefusalNotice message={refusal} />
      <NewPasswordFields personal={() => [card.cardNo, phoneStep.phone]} />
      <CaptchaField captcha={captcha} required />
      <div style={{ display: 'flex', gap: 8 }}>
        <Button onClick={() => onBack('')}>上一步</Button>
        <Button type="primary" htmlType="submit" loading={busy} style={{ flex: 1 }} data-testid="activate-submit">
          激活
        </Button>
      </div>
    </Form>
  );
};

/**
 * /creditBank/activate: a card an institution opened from its roster becomes the holder's. Card number and
 * one-time code first, then a phone proved by an SMS code (and, for a holder under 14, the guardian's consent),
 * then a password. Done, the holder logs in with the card number filled in.
 */
export const ActivatePage = () => {
  const [step, setStep] = useState(0);
  const [card, setCard] = useState<CardStep | null>(null);
  const [phoneStep, setPhoneStep] = useState<PhoneStep | null>(null);
  const [backNotice, setBackNotice] = useState<string | null>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();

  return (
    <AccountPage
      title="激活学分卡"
      crumbs={[{ title: '学分银行登录', to: '/creditBank/login' }, { title: '激活学分卡' }]}
      narrow
    >
      <ConfigProvider componentDisabled={!hydrated}>
        <Card>
          <Steps
            size="small"
            current={step}
            responsive={false}
            style={{ marginBottom: 24 }}
            items={[{ title: '核对卡号' }, { title: '验证手机' }, { title: '设置密码' }]}
          />
          {/* Earlier steps stay mounted while hidden: going back finds what was typed. */}
          <div hidden={step !== 0}>
            <CardStepForm
              onChecked={(checked) => {
                setCard(checked);
                setStep(1);
              }}
            />
          </div>
          {step >= 1 && card && (
            <div hidden={step !== 1}>
              <RefusalNotice message={backNotice} />
              <PhoneStepForm
                key={`${card.cardNo}-${card.code}`}
                card={card}
                onBack={() => setStep(0)}
                onDone={(done) => {
                  setBackNotice(null);
                  setPhoneStep(done);
                  setStep(2);
                }}
              />
            </div>
          )}
          {step === 2 && card && phoneStep && (
            <PasswordStepForm
              card={card}
              phoneStep={phoneStep}
              onBack={(refusal) => {
                setBackNotice(refusal || null);
                setStep(1);
              }}
              onActivated={(cardNo) => navigate('/creditBank/login', { state: { activatedCardNo: cardNo } })}
            />
          )}
          <p style={{ marginBottom: 0, marginTop: 16 }}>
            已激活？<Link to="/creditBank/login">去登录</Link>
          </p>
        </Card>
      </ConfigProvider>
    </AccountPage>
  );
};

export default ActivatePage;
