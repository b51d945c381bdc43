import { ReminderSettings } from '@app/domain/reminders/reminder-settings';

export function presentReminderSettings(s: ReminderSettings) {
  return {
    enabled: s.enabled,
    enabled_on: s.enabledOn,
    steps: s.steps.map((step) => ({ days_offset: step.daysOffset, subject: step.subject, message: step.message, enabled: step.enabled })),
  };
}
