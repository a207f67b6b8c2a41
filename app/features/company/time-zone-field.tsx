// The company's time zone: every IANA zone the browser knows, grouped by region, with the stored zone
// and this browser's own zone suggested first (what an admin most likely means).
import { useId, useMemo } from 'react';
import { describedBy, Field } from '../../components/forms/fields.tsx';
import type { BoundField } from '../../components/forms/use-form.ts';

type ZoneOption = { value: string; label: string };

/** 'Asia/Colombo (GMT+5:30)': the name people know, and the offset today to tell neighbours apart. */
function zoneOption(zone: string, now: Date): ZoneOption {
  let offset = '';
  try {
    offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(now).find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    // A zone this browser cannot format still shows, by name.
  }
  const name = zone.replaceAll('_', ' ');
  return { value: zone, label: offset ? `${name} (${offset})` : name };
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function zoneGroups(current: string): { suggested: ZoneOption[]; regions: [string, ZoneOption[]][] } {
  const now = new Date();
  const suggested = [...new Set([current, browserTimeZone(), 'UTC'].filter((zone): zone is string => Boolean(zone)))].map((zone) => zoneOption(zone, now));
  const regions = new Map<string, ZoneOption[]>();
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    const region = zone.includes('/') ? zone.slice(0, zone.indexOf('/')) : 'Other';
    const list = regions.get(region) ?? [];
    list.push(zoneOption(zone, now));
    regions.set(region, list);
  }
  return { suggested, regions: [...regions].sort(([a], [b]) => a.localeCompare(b)) };
}

/** `stored`: the zone the company has now, kept in the suggestions while the admin tries others. */
export function TimeZoneField({ field, stored, hint }: { field: BoundField; stored: string; hint: string }) {
  const id = useId();
  const groups = useMemo(() => zoneGroups(stored), [stored]);
  return (
    <Field id={id} label="Time zone" error={field.error} hint={hint}>
      <select
        id={id}
        name={field.name}
        className={`select w-full ${field.error ? 'select-error' : ''}`}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        {...describedBy(id, field.error)}
      >
        <optgroup label="Suggested">
          {groups.suggested.map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </optgroup>
        {groups.regions.map(([region, zones]) => (
          <optgroup key={region} label={region}>
            {zones.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </Field>
  );
}
