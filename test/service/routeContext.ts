// What a route handler gets, and the lookups of the object a path names.
import type { App, Build } from './contract';
import { notFound } from './apiError';
import type { Answer } from './answer';
import type { ServiceData } from './data';
import { findApp, findBuild } from './data';
import type { Query } from './queryParams';

export interface RouteContext {
  data: ServiceData;
  /** Decoded path parameters, e.g. `app_id`. */
  params: Record<string, string>;
  query: Query;
  body: string;
  contentType: string | undefined;
  /** The request's Range header (artefacts answer a first-byte range: artifactRoute.ts). */
  range: string | undefined;
  nowMs: number;
  newBuildId(): string;
}

export type RouteHandler = (context: RouteContext) => Answer;

// Ids are not always 24 hex digits (API.md 2b): any id is looked up, and an unknown one is a 404.
export function appOf(context: RouteContext): App {
  const id = context.params.app_id;
  const app = findApp(context.data, id);
  if (!app) throw notFound(`No app with id "${id}"`);
  return app;
}

export function buildOf(context: RouteContext): Build {
  const id = context.params.build_id;
  const build = findBuild(context.data, id);
  if (!build) throw notFound(`No build with id "${id}"`);
  return build;
}
