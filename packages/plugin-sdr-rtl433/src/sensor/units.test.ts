import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PRESSURE, RAIN, readQuantity, TEMPERATURE, WIND_GUST, WIND_SPEED } from './units.js';

test('temperatures are Celsius whatever rtl_433 reports; Celsius wins when both are present', () => {
  assert.is(readQuantity({ temperature_C: 21.5 }, TEMPERATURE), 21.5);
  assert.is(readQuantity({ temperature_F: 212 }, TEMPERATURE), 100);
  assert.is(readQuantity({ temperature_F: 67.8 }, TEMPERATURE), 19.8889);
  assert.is(readQuantity({ temperature_F: -40 }, TEMPERATURE), -40);
  assert.is(readQuantity({ temperature_F: 68, temperature_C: 20.1 }, TEMPERATURE), 20.1);
});

test('both names of a quantity land in one unit: wind in km/h, rain in mm, pressure in kPa', () => {
  assert.is(readQuantity({ wind_avg_m_s: 2.5 }, WIND_SPEED), 9);
  assert.is(readQuantity({ wind_avg_km_h: 9 }, WIND_SPEED), 9);
  assert.is(readQuantity({ windspeed: 9 }, WIND_SPEED), 9, "Kismet's older name");
  assert.is(readQuantity({ wind_avg_mi_h: 10 }, WIND_SPEED), 16.0934);
  assert.is(readQuantity({ wind_max_m_s: 10 }, WIND_GUST), 36);
  assert.is(readQuantity({ gust: 36 }, WIND_GUST), 36);
  assert.is(readQuantity({ rain_in: 0.66 }, RAIN), 16.764);
  assert.is(readQuantity({ rain_mm: 16.764 }, RAIN), 16.764);
  assert.is(readQuantity({ pressure_bar: 2.2 }, PRESSURE), 220);
  assert.is(readQuantity({ pressure_PSI: 32 }, PRESSURE), 220.6322);
});

test('absent keys, non-numbers and non-finite values are no reading', () => {
  assert.is(readQuantity({}, TEMPERATURE), undefined);
  assert.is(readQuantity({ temperature_C: '21' }, TEMPERATURE), undefined);
  assert.is(readQuantity({ temperature_C: null, temperature_F: 50 }, TEMPERATURE), 10, 'a later key is used when an earlier one is not a number');
});

test.run();
