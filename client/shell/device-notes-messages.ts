/** What device-notes-panel.tsx says (issue 38): writes kept on the device, a new version taken. */
export const deviceNotesText = {
  /** Writes kept on the device until the network is back. */
  waiting: (n: number) => `연결되면 보낼 기록 ${n}건을 이 기기에 보관하고 있어요.`,
  /** After a deploy switched this tab to the new build. */
  updated: '새 버전으로 바뀌었어요.',
} as const;
