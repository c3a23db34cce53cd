import {
  GENERATE_TEXT_MAX,
  GENERATE_TEXT_REQUIRED,
  type GeneratedVoice,
  VOICE_LANGUAGE_LABELS,
  VOICE_LANGUAGES,
  VOICE_SPEEDS,
  VOICE_TONES,
  type VoiceClone,
  type VoiceLanguage,
  type VoiceSpeed,
  type VoiceTone,
} from "@common/ai-studio";
import { MAX_SAMPLE_BYTES, MAX_SAMPLE_SECONDS, MIN_SPEECH_SECONDS, VOICE_CONSENT_TEXT } from "@common/voice";
import { CheckCircle2, Mic, Trash2, Volume2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { serverMessage, toast, toastError } from "../../../lib/toast";
import { useActivateVoiceClone } from "../api/activate-voice-clone";
import { useCreateVoiceClone } from "../api/create-voice-clone";
import { useDeleteVoiceClone } from "../api/delete-voice-clone";
import { useGenerateVoice } from "../api/generate-voice";
import { useVoiceClones } from "../api/get-voice-clones";
import { Empty, LoadFailed, Loading } from "./states";

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Voice Engine: hear a sample in a style, speed and language; the workspace's voices. */
export function VoiceTab({ manage }: { manage: boolean }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <GenerateCard />
      <ClonesCard manage={manage} />
    </div>
  );
}

function GenerateCard() {
  const [text, setText] = useState("Thank you for calling. How can I help you today?");
  const [tone, setTone] = useState<VoiceTone>("professional");
  const [speed, setSpeed] = useState<VoiceSpeed>("normal");
  const [language, setLanguage] = useState<VoiceLanguage>("en-US");
  const [error, setError] = useState<string | null>(null);
  const [sample, setSample] = useState<GeneratedVoice | null>(null);
  const generate = useGenerateVoice();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(GENERATE_TEXT_REQUIRED);
      return;
    }
    setError(null);
    generate.mutate(
      { text, voiceSettings: { tone, speed, language } },
      {
        onSuccess: setSample,
        onError: (failure) =>
          setError(serverMessage(failure) ?? "The voice could not be generated. Please try again."),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Volume2 className="size-5" aria-hidden /> Generate a voice sample
        </CardTitle>
        <CardDescription>Spoken on this server by the built-in voice (espeak-ng).</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid grid-cols-1 gap-3" noValidate>
          <Field label="Text to speak" hint={`Up to ${GENERATE_TEXT_MAX} characters`}>
            {(props) => (
              <Textarea
                {...props}
                rows={3}
                maxLength={GENERATE_TEXT_MAX}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            )}
          </Field>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Field label="Voice style">
              {(props) => (
                <NativeSelect {...props} value={tone} onChange={(e) => setTone(e.target.value as VoiceTone)}>
                  {VOICE_TONES.map((value) => (
                    <option key={value} value={value}>
                      {capitalised(value)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Speed">
              {(props) => (
                <NativeSelect
                  {...props}
                  value={speed}
                  onChange={(e) => setSpeed(e.target.value as VoiceSpeed)}
                >
                  {VOICE_SPEEDS.map((value) => (
                    <option key={value} value={value}>
                      {capitalised(value)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Language">
              {(props) => (
                <NativeSelect
                  {...props}
                  value={language}
                  onChange={(e) => setLanguage(e.target.value as VoiceLanguage)}
                >
                  {VOICE_LANGUAGES.map((value) => (
                    <option key={value} value={value}>
                      {VOICE_LANGUAGE_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
          <Button type="submit" disabled={generate.isPending} className="justify-self-start">
            <Mic aria-hidden /> {generate.isPending ? "Generating..." : "Generate Voice"}
          </Button>
          <div aria-live="polite" className="grid grid-cols-1 gap-2">
            {error ? <p className="text-sm text-destructive">{error}</p> : null}
            {sample ? (
              <>
                {/* biome-ignore lint/a11y/useMediaCaption: the text it speaks is shown in the box above */}
                <audio
                  controls
                  src={sample.audioUrl}
                  className="w-full"
                  aria-label="Generated voice sample"
                />
                <p className="text-xs text-muted-foreground">
                  {sample.seconds.toFixed(1)} seconds, voice {sample.voice}
                </p>
              </>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function ClonesCard({ manage }: { manage: boolean }) {
  const clones = useVoiceClones();
  const activate = useActivateVoiceClone();
  const remove = useDeleteVoiceClone();
  const [deleting, setDeleting] = useState<VoiceClone | null>(null);

  let list: React.ReactNode;
  if (clones.isPending) list = <Loading label="Loading voices" />;
  else if (clones.isError)
    list = <LoadFailed what="Your voices could not be loaded." onRetry={() => clones.refetch()} />;
  else if (clones.data.length === 0)
    list = (
      <Empty icon={<Mic className="size-8 text-muted-foreground" aria-hidden />} title="No voices yet">
        <p className="text-sm text-muted-foreground">
          Your assistant speaks with the default built-in voice. Add a recording of your own voice below, or
          record one in Settings.
        </p>
      </Empty>
    );
  else
    list = (
      <ul aria-label="Voice clones" className="grid grid-cols-1 gap-2">
        {clones.data.map((clone) => (
          <li
            key={clone.id}
            aria-labelledby={`clone-${clone.id}`}
            className="grid grid-cols-1 gap-2 rounded-md border p-3 text-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span id={`clone-${clone.id}`} className="font-medium wrap-anywhere">
                {clone.name}
              </span>
              <span className="flex gap-1">
                <Badge variant="outline">{clone.voiceType === "cloned" ? "Cloned" : "Built-in"}</Badge>
                {clone.isActive ? <Badge variant="success">Speaks on calls</Badge> : null}
              </span>
            </div>
            <p className="text-muted-foreground">
              {clone.language} · {clone.accent} · sample {clone.sampleDuration} s, quality {clone.quality}/100
            </p>
            {manage ? (
              <div className="flex flex-wrap gap-2">
                {clone.isActive ? null : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={activate.isPending}
                    onClick={() =>
                      activate.mutate(clone.id, {
                        onSuccess: () =>
                          toast({
                            title: "Voice chosen",
                            description: `${clone.name} speaks on your calls now.`,
                          }),
                        onError: (error) => toastError("Error", "The voice could not be chosen.", error),
                      })
                    }
                  >
                    <CheckCircle2 aria-hidden /> Use on calls
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setDeleting(clone)}
                  aria-label={`Delete ${clone.name}`}
                >
                  <Trash2 aria-hidden /> Delete
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mic className="size-5" aria-hidden /> Voice clones
        </CardTitle>
        <CardDescription>
          The voices your assistant can speak with on calls (your voice profiles).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {list}
        {manage ? <AddClone /> : null}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this voice?"
        description={`${deleting?.name ?? "The voice"} and its recording will be deleted.`}
        keepLabel="Keep"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: "Voice deleted", description: `${deleting.name} was deleted.` });
              setDeleting(null);
            },
            onError: (error) => toastError("Error", "The voice could not be deleted.", error),
          })
        }
      />
    </Card>
  );
}

/** Browsers name an M4A file audio/x-m4a; the server takes it as MP4 audio. */
const uploadType = (type: string) => (type === "audio/x-m4a" ? "audio/mp4" : type);

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.replace(/^data:[^;,]*/, `data:${uploadType(file.type)}`));
    };
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

/** Adds a voice from a recording file: a name, the file, and the owner's consent. */
function AddClone() {
  const [name, setName] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const create = useCreateVoiceClone();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !file) {
      setError("Please choose a recording and enter a voice name");
      return;
    }
    if (file.size > MAX_SAMPLE_BYTES) {
      setError(`The recording is larger than ${MAX_SAMPLE_BYTES / 1024 / 1024} MB. Choose a shorter one.`);
      return;
    }
    if (!consent) {
      setError("Please confirm this is your own voice and that you consent to cloning it");
      return;
    }
    setError(null);
    let audioData: string;
    try {
      audioData = await readAsDataUrl(file);
    } catch {
      setError("The file could not be read. Choose another recording.");
      return;
    }
    create.mutate(
      { name, audioData, consent: true },
      {
        onSuccess: (created) => {
          toast({ title: "Voice added", description: created.notice ?? `${created.name} is ready.` });
          setName("");
          setFile(null);
          setConsent(false);
          setFormKey((key) => key + 1);
        },
        onError: (failure) =>
          setError(serverMessage(failure) ?? "The voice could not be added. Please try again."),
      },
    );
  };

  return (
    <form key={formKey} onSubmit={submit} className="grid grid-cols-1 gap-3 border-t pt-4" noValidate>
      <h3 className="text-sm font-semibold">Add a voice from a recording</h3>
      <Field label="Voice name">
        {(props) => (
          <Input {...props} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        )}
      </Field>
      <Field
        label="Recording"
        hint={`At least ${MIN_SPEECH_SECONDS} seconds of you speaking (pauses do not count). WAV, MP3, M4A, WebM or Ogg, up to ${MAX_SAMPLE_SECONDS} seconds and ${MAX_SAMPLE_BYTES / 1024 / 1024} MB.`}
      >
        {(props) => (
          <Input
            {...props}
            type="file"
            accept="audio/wav,audio/x-wav,audio/mpeg,audio/mp4,audio/x-m4a,audio/webm,audio/ogg,.m4a"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <div className="flex items-start gap-2">
        <Checkbox
          id="clone-consent"
          checked={consent}
          onCheckedChange={(checked) => setConsent(checked === true)}
          className="mt-0.5"
        />
        <Label htmlFor="clone-consent" className="leading-snug font-normal">
          {VOICE_CONSENT_TEXT}
        </Label>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" disabled={create.isPending} className="justify-self-start">
        {create.isPending ? "Adding..." : "Add Voice"}
      </Button>
    </form>
  );
}
