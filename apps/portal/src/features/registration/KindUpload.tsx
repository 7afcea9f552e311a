import { api, TEAM_FILE_KIND_LABELS, TEAM_FILE_LIMITS, type TeamDetail, type TeamFileKind } from '@lianmeng/core';
import { Button, Progress, Upload } from 'antd';
import { useId, useState } from 'react';
import { quietCall } from '../review/quietCall';
import { FileList } from './FileList';
import { filesOf, KIND_ACCEPT, KIND_RULES, preCheck } from './teamFiles';
import { uploadResumably } from './uploadResumably';

/**
 * One kind of attachment an item asks for (设计报告, 照片, 视频): what it must be, what is uploaded, and while the
 * team is editable an upload button with the upload's progress and the server's refusal beside it. A file too
 * large for its kind is refused here, before a long upload the server would refuse anyway.
 */
export const KindUpload = ({
  team,
  kind,
  editable,
  onTeam,
}: {
  team: TeamDetail;
  kind: TeamFileKind;
  editable: boolean;
  onTeam: (team: TeamDetail) => void;
}) => {
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingId = useId();
  const label = TEAM_FILE_KIND_LABELS[kind];
  const files = filesOf(team.files, kind);
  const full = files.length >= TEAM_FILE_LIMITS[kind].count.max;

  const send = async (file: File) => {
    setRefusal(null);
    const early = preCheck(kind, file.size, files.length);
    if (early) {
      setRefusal(early);
      return;
    }
    setProgress(0);
    const outcome = await uploadResumably(team.id, kind, file, setProgress);
    setProgress(null);
    if (outcome.ok) onTeam(outcome.data);
    else setRefusal(outcome.message);
  };

  const remove = async (file: { id: number }) => {
    setRefusal(null);
    const outcome = await quietCall(api.matchRegistration.removeFile, {
      params: { id: String(team.id), fileId: String(file.id) },
    });
    if (outcome.ok) onTeam(outcome.data);
    else setRefusal(outcome.message);
  };

  return (
    <section className="team-kind" aria-labelledby={headingId} data-testid={`kind-${kind}`}>
      <h4 id={headingId} className="team-kind-title">
        {label}
      </h4>
      <p className="team-kind-rules">{KIND_RULES[kind]}</p>
      <FileList
        files={files}
        teamId={team.id}
        downloadCall={api.matchRegistration.file}
        onRemove={editable ? remove : undefined}
      />
      {editable && (
        <Upload
          accept={KIND_ACCEPT[kind]}
          showUploadList={false}
          disabled={progress !== null || full}
          customRequest={({ file }) => {
            void send(file as File);
          }}
        >
          <Button disabled={progress !== null || full} data-testid={`upload-${kind}`}>
            {full ? `${label}已传满` : `上传${label}`}
          </Button>
        </Upload>
      )}
      {progress !== null && (
        <div role="status" aria-live="polite" data-testid={`progress-${kind}`}>
          <Progress percent={progress} size="small" status="active" />
          <span>{progress < 100 ? `正在上传${label}…` : '正在检查文件…'}</span>
        </div>
      )}
      {refusal && (
        <p role="alert" className="team-refusal" data-testid={`refusal-${kind}`}>
          {refusal}
        </p>
      )}
    </section>
  );
};
