// What a route handler gets, and the lookups of the object a path names.
import type { App, Build } from './contract';
import { notFound } from './apiError';
import type { Answer } from './answer';
import type { ServiceData } from './data';
import { findApp, findBuild } from './data';
import { isObjectId } from './ids';
import type { Query } from './queryParams';

export interface RouteContext {
  data: ServiceData;
  /** Decoded path parameters, e.g. `app_id`. */
  params: Record<string, string>;
  query: Query;
  body: string;
  contentType: string | undefined;
  nowMs: number;
  newBuildId(): string;
}

export type RouteHandler = (context: RouteContext) => Answer;

// A malformed id is answered like an unknown one (404): either way no such object exists.
export function appOf(context: RouteContext): App {
  const id = context.params.app_id;
  const app = isObjectId(id) ? findApp(context.data, id) : undefined;
  if (!app) throw notFound(`No app with id "${id}"`);
  return app;
}

export function buildOf(context: RouteContext): Build {
  const id = context.params.build_id;
  const build = isObjectId(id) ? findBuild(context.data, id) : undefined;
  if (!build) throw notFound(`No build with id "${id}"`);
  return build;
}
