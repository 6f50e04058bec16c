// The settings module's public face (decision 051): the shop's settings the owner edits (decision 060).

export { createSettingsStore } from './settings.service.ts';
export { settingsAdminSection } from './settings-admin.ts';
