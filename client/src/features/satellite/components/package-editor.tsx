import type { SatellitePackage } from "@common/satellite";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { toast, toastError } from "../../../lib/toast";
import { useUpdatePackage } from "../api/update-package";

type Draft = {
  name: string;
  speed: string;
  data: string;
  price: string;
  stripePriceId: string;
  monthlyEquipmentFee: string;
  installationFee: string;
  isActive: boolean;
};

const draftOf = (pkg: SatellitePackage): Draft => ({
  name: pkg.name,
  speed: pkg.speed,
  data: pkg.data,
  price: String(pkg.price),
  stripePriceId: pkg.stripePriceId,
  monthlyEquipmentFee: String(pkg.monthlyEquipmentFee),
  installationFee: String(pkg.installationFee),
  isActive: pkg.isActive,
});

const TEXT_FIELDS = [
  ["name", "Name"],
  ["speed", "Speed"],
  ["data", "Data"],
  ["stripePriceId", "Price id"],
] as const;
const MONEY_FIELDS = [
  ["price", "Price ($/month)"],
  ["monthlyEquipmentFee", "Equipment ($/month)"],
  ["installationFee", "Installation ($)"],
] as const;

/** A workspace admin's package settings: one form per package, saved on its own. */
export function PackageEditor({ packages }: { packages: SatellitePackage[] }) {
  return (
    <div className="grid gap-4">
      {packages.map((pkg) => (
        <PackageForm key={pkg.id} pkg={pkg} />
      ))}
    </div>
  );
}

function PackageForm({ pkg }: { pkg: SatellitePackage }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(pkg));
  const update = useUpdatePackage();
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const money = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));
    update.mutate(
      {
        id: pkg.id,
        change: {
          name: draft.name,
          speed: draft.speed,
          data: draft.data,
          stripePriceId: draft.stripePriceId,
          price: money(draft.price),
          monthlyEquipmentFee: money(draft.monthlyEquipmentFee),
          installationFee: money(draft.installationFee),
          isActive: draft.isActive,
        },
      },
      {
        onSuccess: (result) => {
          setDraft(draftOf(result.package));
          toast({ title: "Package Saved", description: `${result.package.name} is updated.` });
        },
        onError: (error) => toastError("Save Failed", "Failed to save the package", error),
      },
    );
  };
  return (
    <form onSubmit={save} className="grid gap-3 rounded-md border p-3" aria-label={`Package ${pkg.name}`}>
      <div className="grid gap-3 sm:grid-cols-2">
        {TEXT_FIELDS.map(([key, label]) => (
          <div key={key} className="grid gap-1">
            <Label htmlFor={`${pkg.id}-${key}`}>{label}</Label>
            <Input
              id={`${pkg.id}-${key}`}
              value={draft[key]}
              onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
            />
          </div>
        ))}
        {MONEY_FIELDS.map(([key, label]) => (
          <div key={key} className="grid gap-1">
            <Label htmlFor={`${pkg.id}-${key}`}>{label}</Label>
            <Input
              id={`${pkg.id}-${key}`}
              inputMode="decimal"
              value={draft[key]}
              onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
            />
          </div>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Switch
            id={`${pkg.id}-active`}
            checked={draft.isActive}
            onCheckedChange={(checked) => setDraft({ ...draft, isActive: checked })}
          />
          <Label htmlFor={`${pkg.id}-active`}>Offered to customers</Label>
        </div>
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? "Saving..." : `Save ${pkg.name}`}
        </Button>
      </div>
    </form>
  );
}
