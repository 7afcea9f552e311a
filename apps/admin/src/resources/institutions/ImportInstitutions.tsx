import { api, INSTITUTION_IMPORT_COLUMNS, type InstitutionImportPreview } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { useRefresh } from 'react-admin';
import { FilePicker } from '../../components/FilePicker';
import { consoleHttp } from '../../providers/http';
import { useNotifyText } from '../useNotifyText';

type Row = InstitutionImportPreview['rows'][number];

const issueLine = (issue: Row['issues'][number]) => {
  const reason = issue.message
    .replace(/^第\s*\d+\s*行\s*/, '')
    .replace(issue.column ? `「${issue.column}」` : /^$/, '')
    .replace(/^[：:]\s*/, '');
  return `第 ${issue.row} 行${issue.column ? `「${issue.column}」` : ''}：${reason}`;
};

/**
 * 从表格导入: the spreadsheet is previewed first (each row new or refused with its row, column and reason), and
 * committed all or nothing only when no row is refused; the same file committed twice creates nothing twice.
 */
export const ImportInstitutionsButton = ({ http = consoleHttp }: { http?: HttpClient }) => {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<InstitutionImportPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotifyText();
  const refresh = useRefresh();

  const close = () => {
    setOpen(false);
    setFile(null);
    setPreview(null);
    setRefusal(null);
    setProgress(null);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared at once, so the same file, mended, can be picked again.
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setRefusal(null);
    if (!/\.(xlsx|csv)$/i.test(chosen.name)) {
      setRefusal('请选择 .xlsx 或 .csv 格式的表格');
      return;
    }
    const body = new FormData();
    body.append('file', chosen, chosen.name);
    setProgress(0);
    const result = await http.call(api.consoleApi.institutionImportPreview, {
      body,
      onUploadProgress: setProgress,
    });
    setProgress(null);
    if (result.ok) setPreview(result.data);
    else setRefusal(result.message);
  };

  const commit = async () => {
    if (!file || !preview) return;
    const body = new FormData();
    body.append('file', file, file.name);
    body.append('previewId', preview.previewId);
    setBusy(true);
    const result = await http.call(api.consoleApi.institutionImportCommit, { body });
    setBusy(false);
    if (!result.ok) {
      setRefusal(result.message);
      return;
    }
    notify(
      result.data.alreadyCommitted ? '这份表格已经导入过，没有重复创建机构' : `已导入 ${result.data.created} 个机构`,
      'success',
    );
    close();
    refresh();
  };

  const blocked = !preview || preview.refusedCount > 0 || preview.alreadyCommitted;
  return (
    <>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        从表格导入
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="lg" aria-labelledby="import-institutions-title">
        <DialogTitle id="import-institutions-title">从表格导入机构</DialogTitle>
        <DialogContent>
          <Box sx={{ typography: 'body2', mb: 2 }}>
            表格第一行为表头：{INSTITUTION_IMPORT_COLUMNS.join('、')}
            。机构类型填写中文名称（成员学校、联络办、考点、赛事承办单位、联盟机构）。先预览检查，全部通过后才能导入；导入全部成功或全部不写入。
          </Box>
          <FilePicker
            label="机构导入表"
            accept=".xlsx,.csv"
            onChange={(event) => void pick(event)}
            disabled={progress !== null}
          />
          {progress !== null && (
            <Box role="status" sx={{ my: 2 }}>
              <LinearProgress variant="determinate" value={progress} aria-label="上传进度" />
              <Box sx={{ typography: 'caption' }}>{progress < 100 ? `正在上传 ${progress}%` : '正在检查…'}</Box>
            </Box>
          )}
          {refusal && (
            <Alert severity="error" sx={{ my: 2 }} role="alert">
              {refusal}
            </Alert>
          )}
          {preview && (
            <Box sx={{ mt: 2 }} data-testid="institution-import-preview">
              <Alert severity={preview.refusedCount > 0 ? 'warning' : 'success'} sx={{ mb: 2 }}>
                {`共 ${preview.total} 行：可导入 ${preview.newCount} 行，未通过 ${preview.refusedCount} 行。`}
                {preview.refusedCount > 0 && '请按下表的原因修改表格后重新选择文件。'}
                {preview.alreadyCommitted && '这份表格已经导入过，再次导入不会重复创建。'}
              </Alert>
              <TableContainer sx={{ maxHeight: 420 }}>
                <Table size="small" stickyHeader aria-label="导入预览">
                  <TableHead>
                    <TableRow>
                      <TableCell>行号</TableCell>
                      <TableCell>结果</TableCell>
                      <TableCell>机构代码</TableCell>
                      <TableCell>机构名称</TableCell>
                      <TableCell>机构类型</TableCell>
                      <TableCell>地区</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.rows.map((row) => (
                      <TableRow key={row.row}>
                        <TableCell>{row.row}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            color={row.outcome === 'new' ? 'success' : 'error'}
                            label={row.outcome === 'new' ? '可导入' : '未通过'}
                          />
                          {row.issues.map((issue) => (
                            <Box
                              key={`${issue.column}-${issue.message}`}
                              sx={{ color: 'error.main', typography: 'caption' }}
                            >
                              {issueLine(issue)}
                            </Box>
                          ))}
                        </TableCell>
                        <TableCell>{row.code}</TableCell>
                        <TableCell>{row.name}</TableCell>
                        <TableCell>{row.kind}</TableCell>
                        <TableCell>{[row.province, row.city, row.county].filter(Boolean).join(' ')}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>取消</Button>
          <Button variant="contained" onClick={() => void commit()} disabled={blocked || busy}>
            {preview && !blocked ? `导入 ${preview.newCount} 个机构` : '导入'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
