import { describe, expect, it } from 'vitest';
import { CONSOLE_ROLES } from '../constants';
import { consoleRoleMay, needsConsoleSession } from './call';
import { api } from './index';

describe('who may make a call', () => {
  it('ranks the console roles: an administrator may what an editor may, an editor what staff may', () => {
    expect(consoleRoleMay('admin', 'editor')).toBe(true);
    expect(consoleRoleMay('editor', 'staff')).toBe(true);
    expect(consoleRoleMay('editor', 'admin')).toBe(false);
    expect(consoleRoleMay('staff', 'editor')).toBe(false);
    for (const role of CONSOLE_ROLES) {
      expect(consoleRoleMay(role, 'anonymous')).toBe(true);
      expect(consoleRoleMay(role, 'cardHolder')).toBe(false);
    }
  });

  it('asks the anti-forgery header of every console call that changes state', () => {
    for (const [area, calls] of Object.entries(api)) {
      for (const [name, call] of Object.entries(calls)) {
        const changesState = call.method !== 'GET' || /Del|Clear/.test(call.path);
        if (needsConsoleSession(call.access) && changesState) expect(call.xsrf, `${area}.${name}`).toBe(true);
        if (call.access === 'cardHolder') expect(call.xsrf, `${area}.${name}`).toBe(false);
      }
    }
  });
});
