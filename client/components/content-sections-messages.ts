/** A system content's text (beside the component, so it travels with it into the pages' chunks). */
export const contentText = {
  effectiveOn: '시행일',
} as const;
