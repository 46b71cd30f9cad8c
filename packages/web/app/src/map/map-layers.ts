/**
 * The map layers UI modules add (`mapLayer`), in the order they come: a device is drawn by the
 * first layer whose view holds it. The layer no module adds (devices of no layer's view) and
 * the sensor's own position are the app's.
 */
import { signal } from '@preact/signals';
import type { UiMapLayer } from '@svc/core';

/** A layer a module added. */
export interface MapLayer extends UiMapLayer {
  readonly module: string;
}

/** Every contributed layer, in registration order. */
export const mapLayers = signal<readonly MapLayer[]>([]);

/** Adds a module's layer; a second layer with an id already taken is refused with a sentence. */
export function addMapLayer(module: string, layer: UiMapLayer): void {
  if (mapLayers.value.some((existing) => existing.id === layer.id)) throw new Error(`a map layer '${layer.id}' is already registered`);
  mapLayers.value = [...mapLayers.value, { ...layer, module }];
}

/** How devices of no layer look. */
export const OTHER_DEVICES: Pick<UiMapLayer, 'id' | 'title' | 'colour' | 'shape'> = { id: 'other', title: 'Other devices', colour: '#6b7280', shape: 'circle' };

/** The legend id of the sensor's own position and track. */
export const SENSOR_LAYER_ID = 'sensor';
