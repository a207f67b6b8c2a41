// What a task says beyond its title, by type (spec section 2, task display).
import { CalendarClock, CheckSquare, ExternalLink, FileText, Film, Image as ImageIcon, Paperclip, Play, Square, Users } from 'lucide-react';
import { createElement, useContext, useState } from 'react';
import { initials } from '../../../shared/auth.ts';
import { safeUrl } from '../../../shared/links.ts';
import type { OnboardingTask } from '../../../shared/onboarding.ts';
import { isActionTask, type Attachment } from '../../../shared/tasks.ts';
import { TaskActionContext } from './task-action-slot.ts';
import { formatMegabytes, resourceMedia, videoEmbedFor } from './video.ts';

/** `canAct`: the form, policy or upload of an action task can be done here (the new hire's own plan). */
export function TaskDetail({ task, canAct = false }: { task: OnboardingTask; canAct?: boolean }) {
  // The route provides what shows an action task; without it (no route gave one) its description stands alone.
  const Action = useContext(TaskActionContext);
  // One component per route, handed in once (not made during render): createElement says so to the linter.
  const action = Action && isActionTask(task.type) ? createElement(Action, { task, canAct }) : null;
  return (
    <div className="space-y-4 text-sm">
      {task.description && <p className="whitespace-pre-line text-base-content/80">{task.description}</p>}
      {action}
      {task.type === 'checklist' && <Checklist task={task} />}
      {task.type === 'resource' && <Resource task={task} />}
      {task.type === 'introduction' && <Introduction task={task} />}
      {task.type === 'meeting' && <Meeting task={task} />}
      {task.attachments && task.attachments.length > 0 && <Attachments attachments={task.attachments} />}
      {!task.description && !action && !hasTypeDetail(task) && !task.attachments?.length && <p className="text-base-content/70">No further details for this task.</p>}
    </div>
  );
}

function hasTypeDetail(task: OnboardingTask): boolean {
  if (task.type === 'checklist') return !!task.checklistItems?.length;
  if (task.type === 'resource') return !!(task.videoUrl || task.resourceUrl);
  if (task.type === 'introduction') return !!(task.personName || task.personRole);
  if (task.type !== 'meeting') return false;
  return !!(task.meetingTitle || task.meetingDate || task.meetingAttendees?.length);
}

function Checklist({ task }: { task: OnboardingTask }) {
  if (!task.checklistItems?.length) return null;
  return (
    <ul className="space-y-1.5" aria-label="Checklist">
      {task.checklistItems.map((item) => (
        <li key={item.id} className="flex items-start gap-2">
          {item.isCompleted ? (
            <CheckSquare className="mt-0.5 size-4 shrink-0 text-success" aria-label="Done" />
          ) : (
            <Square className="mt-0.5 size-4 shrink-0 text-base-content/70" aria-label="Not done" />
          )}
          <span>{item.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** A YouTube or Vimeo link pasted as the resource plays like the Video URL does, behind the same facade. */
function Resource({ task }: { task: OnboardingTask }) {
  const { videos, link } = resourceMedia(task);
  const videoUrl = safeUrl(task.videoUrl);
  return (
    <div className="space-y-3">
      {videos.map((url) => (
        <VideoPlayer key={url} url={url} title={(url === videoUrl && task.videoTitle) || task.title} />
      ))}
      {link && (
        <a href={link} target="_blank" rel="noopener noreferrer" className="btn btn-outline btn-sm">
          <ExternalLink className="size-4" aria-hidden="true" /> Open resource
        </a>
      )}
    </div>
  );
}

/** A poster first: the player (and its third-party requests) loads only when the person asks for it. */
function VideoPlayer({ url, title }: { url: string; title: string }) {
  const embed = videoEmbedFor(url);
  const [playing, setPlaying] = useState(false);
  if (!embed) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className="btn btn-primary btn-sm">
        <Play className="size-4" aria-hidden="true" /> Watch Video
      </a>
    );
  }
  return (
    // block: inside a card, daisyUI lays a figure out as a centred row (video and caption side by side).
    <figure className="block overflow-hidden rounded-box bg-neutral">
      <div className="relative aspect-video w-full">
        {playing ? (
          <iframe
            src={embed.embedUrl}
            title={title}
            loading="lazy"
            className="absolute inset-0 size-full"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="group absolute inset-0 flex size-full items-center justify-center"
            aria-label={`Play video: ${title} (${embed.service})`}
          >
            {embed.posterUrl && (
              // Offline (or blocked), the dark frame and the play button stand without a broken-image icon.
              <img
                src={embed.posterUrl}
                alt=""
                loading="lazy"
                className="absolute inset-0 size-full object-cover opacity-80"
                onError={(event) => (event.currentTarget.hidden = true)}
              />
            )}
            <span className="relative flex size-14 items-center justify-center rounded-full bg-primary text-primary-content shadow-lg transition group-hover:scale-110 group-focus-visible:scale-110">
              <Play className="ml-1 size-7" aria-hidden="true" />
            </span>
          </button>
        )}
      </div>
      <figcaption className="flex items-center justify-between gap-2 px-3 py-2 text-xs text-neutral-content">
        <span className="truncate">{title}</span>
        <span className="shrink-0 opacity-70">{embed.service}</span>
      </figcaption>
    </figure>
  );
}

function Attachments({ attachments }: { attachments: Attachment[] }) {
  return (
    <div>
      <h4 className="mb-2 flex items-center gap-1.5 font-medium">
        <Paperclip className="size-4" aria-hidden="true" /> Attachments
      </h4>
      <ul className="grid gap-2 sm:grid-cols-2">
        {attachments.map((attachment) => {
          const href = safeUrl(attachment.url);
          const Icon = attachment.type === 'video' ? Film : attachment.type === 'image' ? ImageIcon : FileText;
          const content = (
            <>
              {attachment.type === 'image' && href ? (
                <img src={href} alt="" loading="lazy" className="size-12 shrink-0 rounded-field bg-base-200 object-cover" />
              ) : (
                <span className="flex size-12 shrink-0 items-center justify-center rounded-field bg-base-200">
                  <Icon className="size-6 text-base-content/70" aria-hidden="true" />
                </span>
              )}
              <span className="min-w-0">
                <span className="block truncate font-medium">{attachment.name}</span>
                <span className="text-xs text-base-content/70">{formatMegabytes(attachment.size)}</span>
              </span>
            </>
          );
          return (
            <li key={attachment.id}>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer" className="flex items-center gap-3 rounded-box border border-base-300 p-2 hover:bg-base-200">
                  {content}
                </a>
              ) : (
                <div className="flex items-center gap-3 rounded-box border border-base-300 p-2">{content}</div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Introduction({ task }: { task: OnboardingTask }) {
  if (!task.personName && !task.personRole) return null;
  const photo = safeUrl(task.personPhoto);
  const name = task.personName ?? 'Your colleague';
  return (
    <div className="flex items-center gap-3 rounded-box bg-base-200 p-3">
      {/* The name is written beside the photo, so the photo is decorative (alt text would read the name twice). */}
      {photo ? (
        <img src={photo} alt="" loading="lazy" referrerPolicy="no-referrer" className="size-14 rounded-full object-cover" />
      ) : (
        <div className="avatar avatar-placeholder">
          <div className="size-14 rounded-full bg-secondary text-secondary-content">
            <span className="text-lg">{initials({ fullName: name, email: name })}</span>
          </div>
        </div>
      )}
      <div>
        <div className="font-semibold">{name}</div>
        {task.personRole && <div className="text-base-content/70">{task.personRole}</div>}
      </div>
    </div>
  );
}

export function formatMeetingDate(value: string | null, locale?: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  // A bare date has no time to show.
  const options: Intl.DateTimeFormatOptions = /^\d{4}-\d{2}-\d{2}$/.test(value) ? { dateStyle: 'full', timeZone: 'UTC' } : { dateStyle: 'full', timeStyle: 'short' };
  return new Intl.DateTimeFormat(locale, options).format(date);
}

function Meeting({ task }: { task: OnboardingTask }) {
  const when = formatMeetingDate(task.meetingDate);
  if (!task.meetingTitle && !when && !task.meetingAttendees?.length) return null;
  return (
    <div className="space-y-2 rounded-box bg-base-200 p-3">
      {task.meetingTitle && <div className="font-semibold">{task.meetingTitle}</div>}
      {when && (
        <div className="flex items-center gap-2 text-base-content/80">
          <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
          <time dateTime={task.meetingDate ?? undefined}>{when}</time>
        </div>
      )}
      {task.meetingAttendees && task.meetingAttendees.length > 0 && (
        <div className="flex items-start gap-2 text-base-content/80">
          <Users className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <ul className="flex flex-wrap gap-1" aria-label="Attendees">
            {task.meetingAttendees.map((attendee) => (
              <li key={attendee} className="badge badge-outline badge-sm">
                {attendee}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
