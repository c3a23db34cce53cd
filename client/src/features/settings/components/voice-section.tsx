import {
  MAX_SAMPLE_SECONDS,
  MAX_VOICE_PROFILES,
  MICROPHONE_FAILED,
  MIN_SPEECH_SECONDS,
  RECOMMENDED_SAMPLE_SECONDS,
  SPEECH_NEEDED,
  VOICE_CONSENT_REQUIRED,
  VOICE_CONSENT_TEXT,
  VOICE_CREATE_FAILED,
  VOICE_INPUT_REQUIRED,
  VOICE_NAME_MAX,
  VOICE_PROFILE_LIMIT,
  type VoiceProfile,
} from "@common/voice";
import { Mic, Play, Square, Trash2, Volume2, Wand2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Progress } from "../../../components/ui/progress";
import { isPlanRefusal, UpgradeRequired } from "../../../components/upgrade-required";
import { useWorkspace } from "../../../lib/auth/use-workspace";
import { formatDateTime, formatDuration } from "../../../lib/format";

import { useSubscription } from "../../../lib/shared-api/get-subscription";
import { serverMessage, toast, toastError } from "../../../lib/toast";
import { useActivateVoiceProfile } from "../api/activate-voice-profile";
import { useCreateVoiceProfile } from "../api/create-voice-profile";
import { useDeleteVoiceProfile } from "../api/delete-voice-profile";
import { getVoiceAudio } from "../api/get-voice-audio";
import { useVoiceProfiles } from "../api/get-voice-profiles";
import { useVoiceService } from "../api/get-voice-service";
import { toDataUrl, useSampleRecorder } from "./use-sample-recorder";

const READ_ALOUD =
  "Hello, thanks for calling. I can't get to the phone right now, but my assistant will take your name, your number and what it's about. If it's urgent, say so and I'll get it straight away. Have a wonderful day.";

/** Voice cloning: record a sample, name it, create, activate one, delete. Not on free. */
export function VoiceSection({ timeZone }: { timeZone: string }) {
  const access = useSubscription();
  const service = useVoiceService();
  const profiles = useVoiceProfiles();
  const [refusal, setRefusal] = useState<unknown>(null);
  const allowed = access.data ? access.data.access.voiceCloning && !refusal : true;
  // Creating, activating and deleting change the voice every call speaks with: admins only.
  const manages = useWorkspace().can("admin");
  const headingId = useId();

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="flex items-center gap-2 font-semibold leading-none tracking-tight">
          <Wand2 className="size-5" aria-hidden />
          Voice Cloning
        </h2>
        <CardDescription>
          Record about {RECOMMENDED_SAMPLE_SECONDS} seconds of your voice so your assistant can sound like
          you.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {service.data ? (
          <p
            className={
              service.data.cloning
                ? "rounded-md bg-green-50 p-3 text-sm text-green-900"
                : "rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            }
            data-testid="voice-service"
          >
            {service.data.message}
          </p>
        ) : null}
        {!manages ? (
          <p className="text-sm text-muted-foreground" data-testid="voice-admins-only">
            Only the workspace's owner and admins can create, activate or delete voice profiles.
          </p>
        ) : allowed ? (
          <Recorder onRefused={setRefusal} atLimit={(profiles.data?.length ?? 0) >= MAX_VOICE_PROFILES} />
        ) : (
          <UpgradeRequired
            headingLevel={3}
            title="Voice Cloning Requires an Upgrade"
            description="Voice cloning is available on the Basic, Pro, Premium, Personal and Business plans. Your saved voices stay listed below, and you can delete them."
            error={refusal ?? undefined}
          />
        )}
        <ProfileList
          profiles={profiles.data ?? []}
          loading={profiles.isLoading}
          failed={profiles.isError}
          allowed={allowed}
          manages={manages}
          timeZone={timeZone}
          onRefused={setRefusal}
        />
      </CardContent>
    </Card>
  );
}

function Recorder({ onRefused, atLimit }: { onRefused: (error: unknown) => void; atLimit: boolean }) {
  const recorder = useSampleRecorder();
  const create = useCreateVoiceProfile();
  const [name, setName] = useState("");
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const consentId = useId();
  const recording = recorder.state === "recording";
  const seconds = recording ? recorder.seconds : (recorder.sample?.seconds ?? 0);

  const startRecording = async () => {
    setProblem(null);
    try {
      await recorder.start();
    } catch {
      toast({ title: "Error", description: MICROPHONE_FAILED, variant: "destructive" });
    }
  };

  const submit = async () => {
    if (!recorder.sample || !name.trim()) {
      setProblem(VOICE_INPUT_REQUIRED);
      toast({ title: "Error", description: VOICE_INPUT_REQUIRED, variant: "destructive" });
      return;
    }
    if (!consent) {
      setProblem(VOICE_CONSENT_REQUIRED);
      return;
    }
    setProblem(null);
    const audioData = await toDataUrl(recorder.sample.blob);
    create.mutate(
      { voiceName: name.trim(), audioData, consent: true },
      {
        onSuccess: (profile) => {
          toast({
            title: "Voice Profile Created",
            description: profile.notice ?? `"${profile.voiceName}" is ready. Activate it to use it on calls.`,
          });
          // The sample is cleared once the profile is created.
          recorder.clear();
          setName("");
          setConsent(false);
        },
        onError: (error) => {
          if (isPlanRefusal(error)) return onRefused(error);
          toastError("Error", VOICE_CREATE_FAILED, error);
        },
      },
    );
  };

  return (
    <div className="grid gap-4 rounded-md border p-4">
      <div className="grid gap-1 text-sm">
        <p className="font-medium">Read this aloud while recording:</p>
        <blockquote className="border-l-2 pl-3 text-muted-foreground italic">{READ_ALOUD}</blockquote>
        <p className="text-xs text-muted-foreground" data-testid="speech-needed">
          {SPEECH_NEEDED}
        </p>
        <p className="text-xs text-muted-foreground">
          Recording stops by itself at {formatDuration(MAX_SAMPLE_SECONDS)}, the longest sample taken.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {recording ? (
          <Button variant="destructive" onClick={recorder.stop}>
            <Square aria-hidden />
            Stop Recording
          </Button>
        ) : (
          <Button
            variant={recorder.sample ? "outline" : "default"}
            onClick={() => void startRecording()}
            disabled={atLimit}
          >
            <Mic aria-hidden />
            {recorder.sample ? "Record Again" : "Start Recording"}
          </Button>
        )}
        <span className="text-sm tabular-nums" aria-live="polite" data-testid="recording-time">
          {recording ? "Recording " : recorder.sample ? "Recorded " : ""}
          {recording || recorder.sample
            ? `${formatDuration(seconds)} / ${formatDuration(RECOMMENDED_SAMPLE_SECONDS)}`
            : ""}
        </span>
      </div>
      {recording || recorder.sample ? (
        <Progress
          value={(seconds / RECOMMENDED_SAMPLE_SECONDS) * 100}
          aria-label="Recording progress"
          aria-valuetext={`${seconds} of ${RECOMMENDED_SAMPLE_SECONDS} recommended seconds`}
          indicatorClassName={recording ? "bg-red-600" : undefined}
        />
      ) : null}
      {recorder.sample ? (
        <div className="grid gap-1">
          {/* biome-ignore lint/a11y/useMediaCaption: a recording of the user's own voice has no captions */}
          <audio controls src={recorder.sample.url} aria-label="Your recorded sample" className="w-full" />
          {recorder.sample.seconds < MIN_SPEECH_SECONDS ? (
            <p className="text-xs text-amber-800" data-testid="sample-too-short">
              This recording is shorter than {MIN_SPEECH_SECONDS} seconds, too short to be taken. Record again
              and speak for at least {MIN_SPEECH_SECONDS} seconds.
            </p>
          ) : recorder.sample.seconds < RECOMMENDED_SAMPLE_SECONDS ? (
            <p className="text-xs text-muted-foreground">
              A {RECOMMENDED_SAMPLE_SECONDS}-second sample gives the closest voice; shorter samples work too.
            </p>
          ) : null}
        </div>
      ) : null}
      <Field label="Voice Name">
        {(props) => (
          <Input
            {...props}
            value={name}
            maxLength={VOICE_NAME_MAX}
            placeholder="My work voice"
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <div className="flex items-start gap-2">
        <Checkbox id={consentId} checked={consent} onCheckedChange={(state) => setConsent(state === true)} />
        <Label htmlFor={consentId} className="text-sm leading-snug font-normal">
          {VOICE_CONSENT_TEXT}
        </Label>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {atLimit ? (
        <p role="status" className="text-sm text-muted-foreground" data-testid="voice-limit">
          {VOICE_PROFILE_LIMIT}
        </p>
      ) : null}
      <div>
        <Button onClick={() => void submit()} disabled={create.isPending || recording || atLimit}>
          {create.isPending ? "Creating..." : "Create Voice Profile"}
        </Button>
      </div>
    </div>
  );
}

function ProfileList({
  profiles,
  loading,
  failed,
  allowed,
  manages,
  timeZone,
  onRefused,
}: {
  profiles: VoiceProfile[];
  loading: boolean;
  failed: boolean;
  allowed: boolean;
  manages: boolean;
  timeZone: string;
  onRefused: (error: unknown) => void;
}) {
  const activate = useActivateVoiceProfile();
  const remove = useDeleteVoiceProfile();
  const [deleting, setDeleting] = useState<VoiceProfile | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  const play = async (key: string, url: string) => {
    audio.current?.pause();
    setPlaying(key);
    try {
      const src = await getVoiceAudio(url);
      const player = new Audio(src);
      audio.current = player;
      player.onended = () => {
        setPlaying(null);
        URL.revokeObjectURL(src);
      };
      await player.play().catch(() => undefined);
    } catch (error) {
      setPlaying(null);
      if (isPlanRefusal(error)) return onRefused(error);
      toast({
        title: "Playback Failed",
        description: serverMessage(error) ?? "The audio could not be played.",
        variant: "destructive",
      });
    }
  };

  if (loading)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading voice profiles...
      </p>
    );
  if (failed)
    return (
      <p role="alert" className="text-sm text-destructive">
        Voice profiles could not be loaded.
      </p>
    );

  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">
        Your voice profiles{" "}
        <span className="font-normal text-muted-foreground">
          ({profiles.length} of {MAX_VOICE_PROFILES})
        </span>
      </h3>
      {profiles.length === 0 ? (
        <p className="text-sm text-muted-foreground">No voice profiles yet. Record a sample to create one.</p>
      ) : (
        <ul className="grid gap-2">
          {profiles.map((profile) => (
            <li
              key={profile.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
              data-testid="voice-profile"
            >
              <div className="grid gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{profile.voiceName}</span>
                  {profile.isActive ? (
                    <Badge variant="success">Active</Badge>
                  ) : (
                    <Badge variant="outline">Inactive</Badge>
                  )}
                  {profile.cloned ? <Badge variant="secondary">Cloned voice</Badge> : null}
                </div>
                <p className="text-xs text-muted-foreground">
                  {formatDuration(profile.sampleDuration)} sample · quality {profile.quality}% · created{" "}
                  {formatDateTime(profile.createdAt, timeZone, "MMM d, yyyy")}
                </p>
                {!profile.cloned && profile.stockVoiceLabel ? (
                  <p className="text-xs text-muted-foreground">
                    Speaks with the built-in {profile.stockVoiceLabel}.
                  </p>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    void play(`sample-${profile.id}`, `/api/voice-profiles/${profile.id}/sample`)
                  }
                >
                  {/* The accessible name starts with the visible words (WCAG 2.5.3, label in name). */}
                  <Play aria-hidden />
                  {playing === `sample-${profile.id}` ? "Playing..." : "Sample"}
                  <span className="sr-only"> of {profile.voiceName}</span>
                </Button>
                {allowed ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      void play(`voice-${profile.id}`, `/api/voice-profiles/${profile.id}/preview`)
                    }
                  >
                    <Volume2 aria-hidden />
                    {playing === `voice-${profile.id}` ? "Playing..." : "Hear Voice"}
                    <span className="sr-only"> of {profile.voiceName}</span>
                  </Button>
                ) : null}
                {manages && allowed && !profile.isActive ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={activate.isPending}
                    aria-label={`Activate ${profile.voiceName}`}
                    onClick={() =>
                      activate.mutate(profile.id, {
                        onSuccess: () =>
                          toast({
                            title: "Voice Activated",
                            description: `"${profile.voiceName}" is your assistant's voice.`,
                          }),
                        onError: (error) =>
                          isPlanRefusal(error)
                            ? onRefused(error)
                            : toastError(
                                "Error",
                                "Failed to activate voice profile. Please try again.",
                                error,
                              ),
                      })
                    }
                  >
                    Activate
                  </Button>
                ) : null}
                {manages ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-destructive"
                    aria-label={`Delete ${profile.voiceName}`}
                    onClick={() => setDeleting(profile)}
                  >
                    <Trash2 aria-hidden />
                    Delete
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={deleting !== null} onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Delete this voice profile?</DialogTitle>
            <DialogDescription>
              "{deleting?.voiceName}" and its recorded sample will be deleted
              {deleting?.cloned ? ", and the cloned voice removed from the voice service" : ""}. This cannot
              be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep It</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    toast({
                      title: "Voice Profile Deleted",
                      description: `"${deleting.voiceName}" was deleted.`,
                    });
                    setDeleting(null);
                  },
                  onError: (error) =>
                    toastError("Error", "Failed to delete voice profile. Please try again.", error),
                })
              }
            >
              {remove.isPending ? "Deleting..." : "Delete Voice Profile"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
