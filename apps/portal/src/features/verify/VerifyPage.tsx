import {
  type CertificateVerification,
  groupProofCode,
  isCaptchaRefusal,
  normalizeProofCode,
  PROOF_CODE_LENGTH,
  type ProofVerification,
  type VerifiedRecord,
} from '@lianmeng/core';
import type { CallResult } from '@lianmeng/core/http';
import { Button, ConfigProvider, Form, Input, Radio } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router-dom';
import type { verifyLoader } from '../../app/loaders';
import { AntdScope } from '../../shared/AntdScope';
import { Breadcrumb } from '../../shared/Breadcrumb';
import { READABLE_THEME } from '../../shared/readable';
import { usePageTitle } from '../../shared/usePageTitle';
import { CaptchaField } from '../login/CaptchaField';
import { useCaptcha } from '../login/useCaptcha';
import './verify.css';

type Verdict = ProofVerification['verdict'];

const Verdict = ({ verdict, label }: { verdict: Verdict; label: string }) => (
  <p className={`verify-verdict verify-verdict--${verdict}`} role="status" data-testid="verify-verdict">
    {label}
  </p>
);

const RecordLine = ({
  record,
  withCredits,
}: {
  record: Omit<VerifiedRecord, 'credits' | 'certificateNo'> & Partial<VerifiedRecord>;
  withCredits: boolean;
}) => (
  <li className={`verify-record verify-record--${record.state}`}>
    <div className="verify-record-title">
      <span>{record.activity}</span>
      <span className={`verify-state verify-state--${record.state}`}>{record.stateLabel}</span>
    </div>
    <div className="verify-record-meta">
      {record.date} · {record.level}
      {withCredits && record.credits !== undefined ? ` · ${record.credits} 学分` : ''}
    </div>
    <div className="verify-record-meta">
      {record.institutionName}
      {record.certificateNo ? ` · 证书编号 ${record.certificateNo}` : ''}
    </div>
  </li>
);

const ProofAnswer = ({ answer }: { answer: ProofVerification }) => {
  const { proof } = answer;
  return (
    <>
      <Verdict verdict={answer.verdict} label={answer.verdictLabel} />
      {proof ? (
        <>
          <dl className="verify-facts">
            <dt>持有人</dt>
            <dd data-testid="verify-holder">{proof.holderName}</dd>
            <dt>学校</dt>
            <dd>{proof.school || '—'}</dd>
            <dt>开具日期</dt>
            <dd>{proof.issueDate}</dd>
            <dt>有效期至</dt>
            <dd>{proof.validUntil}</dd>
            <dt>验证码</dt>
            <dd>{groupProofCode(proof.code)}</dd>
            <dt>有效学分</dt>
            <dd>{proof.totalCredits}</dd>
          </dl>
          <h2 className="panel-title">证明所列记录（以当前状态为准）</h2>
          <ul className="verify-records" data-testid="verify-records">
            {proof.records.map((record) => (
              <RecordLine
                key={`${record.certificateNo}-${record.date}-${record.activity}`}
                record={record}
                withCredits
              />
            ))}
          </ul>
          <p className="verify-note">记录如在开具后被冲正，此处标为“已冲正”，不计入有效学分。</p>
        </>
      ) : answer.verdict === 'notFound' ? (
        <p className="verify-note">请核对验证码是否输入正确。</p>
      ) : null}
    </>
  );
};

const CertificateAnswer = ({ answer }: { answer: CertificateVerification }) => (
  <>
    <Verdict verdict={answer.verdict} label={answer.verdictLabel} />
    {answer.record ? (
      <>
        <dl className="verify-facts">
          <dt>持有人</dt>
          <dd>{answer.record.holderName}</dd>
          {answer.award && (
            <>
              <dt>获奖</dt>
              <dd data-testid="verify-award">
                {answer.award.awardLabel}
                {answer.award.rank ? `（第 ${answer.award.rank} 名）` : ''}
              </dd>
              <dt>赛事</dt>
              <dd>
                {answer.award.eventName}（{answer.award.level}）· {answer.award.itemName}
              </dd>
              <dt>队伍</dt>
              <dd>
                {answer.award.teamName}（{answer.award.institutionName}）
              </dd>
              <dt>承办单位</dt>
              <dd>{answer.award.organizerName}</dd>
              <dt>批准文号</dt>
              <dd>{answer.award.approvalNo || '—'}</dd>
              <dt>颁发日期</dt>
              <dd>{answer.award.issueDate}</dd>
            </>
          )}
        </dl>
        <ul className="verify-records">
          <RecordLine record={answer.record} withCredits={false} />
        </ul>
      </>
    ) : (
      <p className="verify-note">请核对证书编号与持有人姓名。</p>
    )}
  </>
);

/** A refused lookup: the server's message in one line (a malformed code, too many tries, or a challenge asked). */
const Refusal = ({ message }: { message: string }) => (
  <p className="verify-verdict verify-verdict--notFound" role="alert">
    {message}
  </p>
);

type Fields = { code?: string; certificateNo?: string; name?: string; captchaCode?: string };

type CheckResult = CallResult<ProofVerification> | CallResult<CertificateVerification> | null;

/**
 * The form: a code, or a certificate number with the holder's name; the image challenge once the server asks
 * for it. Submitting navigates, so the check page is the address the QR would open.
 */
const CheckForm = ({
  code,
  result,
  certificateMode,
  prefill,
}: {
  code: string | null;
  result: CheckResult;
  certificateMode: boolean;
  /** A certificate number the address brought (a certificate's QR): the certificate form opens with it. */
  prefill: string | null;
}) => {
  const navigate = useNavigate();
  const [form] = Form.useForm<Fields>();
  const [mode, setMode] = useState<'code' | 'certificate'>(certificateMode || prefill ? 'certificate' : 'code');
  const captcha = useCaptcha(false);
  const asked = result !== null && !result.ok && isCaptchaRefusal({ ...result, message: result.message ?? '' });
  const { settle } = captcha;

  // A lookup the server held back for the image challenge shows it in the form, once per answer: `settle` is
  // a new function on every render, and settling again would fetch another challenge each time.
  const settled = useRef<CheckResult>(null);
  useEffect(() => {
    if (!asked || !result || result.ok || settled.current === result) return;
    settled.current = result;
    settle(result, {});
  }, [asked, result, settle]);

  const submit = async (values: Fields) => {
    const answer = await captcha.fields(values.captchaCode);
    const extra = new URLSearchParams();
    for (const [key, value] of Object.entries(answer)) if (typeof value === 'string') extra.set(key, value);
    if (mode === 'code') {
      const typed = normalizeProofCode(values.code ?? '');
      navigate(`/verify/${encodeURIComponent(typed)}${extra.size ? `?${extra}` : ''}`);
    } else {
      const query = new URLSearchParams({ certificateNo: values.certificateNo ?? '', name: values.name ?? '' });
      for (const [key, value] of extra) query.set(key, value);
      navigate(`/verify?${query}`);
    }
    form.setFieldValue('captchaCode', '');
  };

  return (
    <AntdScope>
      <Radio.Group
        aria-label="查验方式"
        optionType="button"
        buttonStyle="solid"
        value={mode}
        onChange={(event) => setMode(event.target.value === 'certificate' ? 'certificate' : 'code')}
        options={[
          { value: 'code', label: '按验证码' },
          { value: 'certificate', label: '按证书编号' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {/* antd's help text and placeholders read under 4.5:1 on white: the form takes the darker ones. */}
      <ConfigProvider theme={READABLE_THEME}>
        <Form<Fields>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ code: code ? groupProofCode(normalizeProofCode(code)) : '', certificateNo: prefill ?? '' }}
          requiredMark={false}
        >
          {mode === 'code' ? (
            <Form.Item
              name="code"
              label="验证码"
              extra={`证明上的 ${PROOF_CODE_LENGTH} 位验证码，不区分大小写，可含空格`}
              rules={[
                { required: true, whitespace: true, message: '请输入验证码' },
                {
                  validator: async (_, value: string | undefined) => {
                    if (value && normalizeProofCode(value).length !== PROOF_CODE_LENGTH) {
                      throw new Error(`验证码应为 ${PROOF_CODE_LENGTH} 位`);
                    }
                  },
                },
              ]}
            >
              <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} inputMode="text" />
            </Form.Item>
          ) : (
            <>
              <Form.Item
                name="certificateNo"
                label="证书编号"
                rules={[{ required: true, whitespace: true, message: '请输入证书编号' }]}
              >
                <Input autoComplete="off" spellCheck={false} />
              </Form.Item>
              <Form.Item
                name="name"
                label="持有人姓名"
                extra="须与证书上的姓名完全一致"
                rules={[{ required: true, whitespace: true, message: '请输入持有人姓名' }]}
              >
                <Input autoComplete="off" />
              </Form.Item>
            </>
          )}
          <CaptchaField captcha={captcha} required={asked} />
          <Button type="primary" htmlType="submit" block>
            立即查验
          </Button>
        </Form>
      </ConfigProvider>
    </AntdScope>
  );
};

/**
 * /verify and /verify/<code> (验真): anyone checks a proof by its code, or a certificate by its number and the
 * holder's name, without an account. The verdict comes first in one line; a genuine proof shows the masked
 * name, the school, the dates and its records as they stand now. A page with an answer carries no form, only a
 * link back to it: a certificate check is rendered for every visit, and the form's components are most of a render.
 */
const VerifyPage = () => {
  const { code, proof, certificate, prefill } = useLoaderData<typeof verifyLoader>();
  usePageTitle('证明查验');
  const result: CheckResult = proof ?? certificate;
  const answered = result?.ok === true;

  return (
    <div className="verify-page">
      <Breadcrumb items={[{ title: '证明查验' }]} />
      <section className="panel" aria-labelledby="verify-title">
        <h1 id="verify-title" className="panel-title">
          学习成果证明查验
        </h1>
        <div aria-live="polite">
          {result === null ? null : !result.ok ? (
            <Refusal message={result.message ?? '查验失败，请稍后再试'} />
          ) : proof?.ok ? (
            <ProofAnswer answer={proof.data} />
          ) : certificate?.ok ? (
            <CertificateAnswer answer={certificate.data} />
          ) : null}
        </div>
      </section>
      <section className="panel" aria-labelledby="verify-form-title">
        <h2 id="verify-form-title" className="panel-title">
          {result ? '再查一份' : '输入验证码或证书编号'}
        </h2>
        {answered ? (
          <p>
            <Link to="/verify">查验其他证明或证书</Link>
          </p>
        ) : (
          <CheckForm code={code} result={result} certificateMode={certificate !== null} prefill={prefill} />
        )}
        <p className="verify-note">
          证明由联盟电子签章签名，可用 PDF 阅读器核验签名；签章证书见{' '}
          <a href="/verify/certificate.pem">certificate.pem</a>。
        </p>
      </section>
    </div>
  );
};

export default VerifyPage;
