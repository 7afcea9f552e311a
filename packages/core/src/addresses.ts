const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
export const isHttpUrl = (value: string) => HTTP_URL.test(value);

/** Uploaded files live under /uploads/; anything else must be an absolute http(s) address. */
export const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9._-]+$/;
export const isUploadPath = (value: string) => UPLOAD_PATH.test(value);
