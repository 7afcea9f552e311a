import type { TeamFile } from '@lianmeng/core';
import { Button } from 'antd';
import { useState } from 'react';
import { downloadTeamFile, type TeamFileCall } from './downloadTeamFile';
import { durationText, sizeText } from './teamFiles';

/**
 * A team's uploaded files: name, size, a video's length, each downloadable; removable when `onRemove` is given
 * (the team is still editable). A download that is refused says why beside the list.
 */
export const FileList = ({
  files,
  teamId,
  downloadCall,
  onRemove,
  emptyText = '尚未上传',
}: {
  files: TeamFile[];
  teamId: number;
  downloadCall: TeamFileCall;
  onRemove?: (file: TeamFile) => Promise<void>;
  emptyText?: string;
}) => {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  if (files.length === 0) return <p className="team-files-empty">{emptyText}</p>;
  return (
    <>
      <ul className="team-files">
        {files.map((file) => (
          <li key={file.id} className="team-file" data-testid={`team-file-${file.id}`}>
            <span className="team-file-name">{file.fileName}</span>
            <span className="team-file-facts">
              {sizeText(file.size)}
              {file.durationSeconds !== null && <> · 时长 {durationText(file.durationSeconds)}</>}
            </span>
            <span className="team-file-actions">
              <Button
                size="small"
                type="link"
                aria-label={`下载 ${file.fileName}`}
                onClick={async () => {
                  setRefusal(null);
                  setRefusal(await downloadTeamFile(downloadCall, teamId, file));
                }}
              >
                下载
              </Button>
              {onRemove && (
                <Button
                  size="small"
                  type="link"
                  danger
                  loading={busy === file.id}
                  aria-label={`删除 ${file.fileName}`}
                  onClick={async () => {
                    setBusy(file.id);
                    await onRemove(file);
                    setBusy(null);
                  }}
                >
                  删除
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {refusal && (
        <p role="alert" className="team-refusal">
          {refusal}
        </p>
      )}
    </>
  );
};
