// The walkthrough video: a poster and a labelled play button; the YouTube (no-cookie) player is only
// created on click, so the first load downloads no third-party code.
import { Play } from 'lucide-react';
import { useState } from 'react';

/** The walkthrough on YouTube. Replace with the recorded Kickoff walkthrough's id when it is published. */
export const WALKTHROUGH_VIDEO_ID = 'kickoff-walkthrough';
export const WALKTHROUGH_TITLE = 'Kickoff walkthrough: from template to first-week plan';

export function walkthroughEmbedUrl(videoId: string = WALKTHROUGH_VIDEO_ID): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0&modestbranding=1`;
}

export function WalkthroughVideo() {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-box border border-base-300 bg-neutral shadow-2xl shadow-primary/15">
      {playing ? (
        <iframe
          className="absolute inset-0 size-full"
          src={walkthroughEmbedUrl()}
          title={WALKTHROUGH_TITLE}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <button type="button" onClick={() => setPlaying(true)} className="group absolute inset-0 size-full cursor-pointer">
          <img
            src="/images/walkthrough-poster.svg"
            alt=""
            width={1280}
            height={720}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover transition duration-500 group-hover:scale-[1.015]"
          />
          <span className="absolute inset-0 bg-gradient-to-t from-black/35 via-transparent to-transparent" aria-hidden="true" />
          <span className="absolute top-1/2 left-1/2 grid size-16 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-primary text-primary-content shadow-xl ring-8 ring-white/30 transition group-hover:scale-110 sm:size-20" aria-hidden="true">
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
