// The walkthrough video: a recording of Kickoff itself (scripts/record-walkthrough.ts), served by
// Kickoff. Until the visitor presses play there is only its poster: the <video> element, and so
// the video's download, is created on click. Kept out of the service worker's precache.
import { Play } from 'lucide-react';
import { useState } from 'react';

export const WALKTHROUGH = {
  src: '/videos/walkthrough.webm',
  poster: '/videos/walkthrough-poster.webp',
  captions: '/videos/walkthrough.vtt',
  title: 'Kickoff walkthrough: from template to first-week plan',
} as const;

export function WalkthroughVideo() {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-box border border-base-300 bg-neutral shadow-2xl shadow-primary/15">
      {playing ? (
        // Silent footage: the captions say what each step shows, so they are on by default.
        <video
          className="absolute inset-0 size-full bg-neutral"
          src={WALKTHROUGH.src}
          poster={WALKTHROUGH.poster}
          aria-label={WALKTHROUGH.title}
          controls
          preload="none"
          autoPlay
          playsInline
        >
          <track kind="captions" src={WALKTHROUGH.captions} srcLang="en" label="English" default />
        </video>
      ) : (
        <button type="button" onClick={() => setPlaying(true)} className="group absolute inset-0 size-full cursor-pointer">
          <img
            src={WALKTHROUGH.poster}
            alt=""
            width={1280}
            height={720}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover transition duration-500 group-hover:scale-[1.015]"
          />
          <span className="absolute inset-0 bg-gradient-to-t from-black/45 via-black/5 to-transparent" aria-hidden="true" />
          <span
            className="absolute top-1/2 left-1/2 grid size-16 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-primary text-primary-content shadow-xl ring-8 ring-white/30 transition group-hover:scale-110 sm:size-20"
            aria-hidden="true"
          >
            <Play className="ml-1 size-7 fill-current sm:size-9" />
          </span>
          <span className="absolute bottom-3 left-3 rounded-full bg-black/60 px-3 py-1 text-xs font-medium text-white sm:bottom-5 sm:left-5 sm:text-sm">
            Play the walkthrough video
          </span>
        </button>
      )}
    </div>
  );
}
