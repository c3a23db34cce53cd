import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";

/** A screen a later release builds: its title and what it will do, nothing pretending to work. */
export function ComingSoon({ title, summary }: { title: string; summary: string }) {
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Coming soon</CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">{summary}</CardContent>
      </Card>
    </div>
  );
}
