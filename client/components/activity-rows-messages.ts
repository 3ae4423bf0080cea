/** An activity row's text (beside the component, so it travels with it into the pages' chunks). */
export const activityRowText = {
  revoked: '회수됨',
} as const;
