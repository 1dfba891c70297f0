export * from './unsaved-changes-guard';
export * from './confirm-queue';
