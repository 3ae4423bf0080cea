/**
 * Which build this tab runs, and whether the portal now serves a newer one (a deploy during
 * the visit, decision 0145): the server names its build on every gateway answer
 * (BUILD_HEADER), and a waiting service worker means the same. The shell then takes the new
 * build at a safe moment (client/shell/build-switch.ts): the next change of page becomes a full
 * page load, unless a write is under way.
 */
let pageBuild: string | null = null;
let newer = false;

/** The file name of a build's entry chunk (`/assets/index-AbCd1234.js` → `index-AbCd1234.js`). */
export function buildName(pathOrUrl: string): string {
  const path = pathOrUrl.split(/[?#]/)[0] ?? '';
  return path.slice(path.lastIndexOf('/') + 1);
}

/** This tab's build (the entry chunk's address, `import.meta.url` of the browser entry). */
export function setPageBuild(entryUrl: string): void {
  pageBuild = buildName(entryUrl);
}

/** A build named by a server answer; a different one than this tab's means a deploy happened. */
export function noteServerBuild(name: string | null): void {
  if (!name || pageBuild === null || name === pageBuild || newer) return;
  markNewBuild();
}

/** A newer build is known (the server named one, or a new service worker waits). */
export function markNewBuild(): void {
  newer = true;
}

export function newBuildKnown(): boolean {
  return newer;
}

let writes = 0;

/** A write is under way (write.ts): the tab does not change build in the middle of it. */
export function writeStarted(): void {
  writes += 1;
}

export function writeEnded(): void {
  writes = Math.max(0, writes - 1);
}

export function writing(): boolean {
  return writes > 0;
}
