import { ApiKeysSettings } from "../settings/api-keys";
import { ProvidersSettings } from "../settings/providers";
import { ToolsSettings } from "../settings/tools";
import { WebhooksSettings } from "../settings/webhooks";
import { WorkspacesSettings } from "../settings/workspaces";

const SECTIONS = [
  ["api-keys", "API keys", ApiKeysSettings],
  ["providers", "Model providers", ProvidersSettings],
  ["tools", "Remote tools", ToolsSettings],
  ["webhooks", "Webhooks", WebhooksSettings],
  ["workspaces", "Workspaces", WorkspacesSettings],
] as const;

export function SettingsPage({ section }: { section: string | undefined }) {
  const current = SECTIONS.find(([id]) => id === section) ?? SECTIONS[0];
  const Section = current[2];
  return (
    <main id="main">
      <h1 tabindex={-1}>Settings</h1>
      <nav class="tabs" aria-label="Settings sections">
        <ul class="nav-list">
          {SECTIONS.map(([id, label]) => (
            <li>
              <a href={`#/settings/${id}`} aria-current={id === current[0] ? "page" : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div class="settings-body">
        <Section />
      </div>
    </main>
  );
}
