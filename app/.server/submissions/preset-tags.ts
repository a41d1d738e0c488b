import { isLang, type Lang } from "~/i18n/languages";
import { PRESET_TAGS, presetTagKey } from "~/lib/submissions";
import { getFixedT } from "../i18n";

/**
 * The submit form's preset tags are chosen and reviewed as themselves ("Image Generation"), but a tool's text
 * in a language holds that language's words: publishing writes a preset as its label in the submission's
 * language ("Bildgenerierung"), and the update form and the review diff read it back as the preset. Other
 * tags pass through unchanged.
 */
interface PresetLabels {
  labelOf: Map<string, string>;
  /** Lower-cased label or English name -> preset. */
  presetOf: Map<string, string>;
}

const byLang = new Map<Lang, Promise<PresetLabels>>();

function presetLabels(lang: Lang): Promise<PresetLabels> {
  let labels = byLang.get(lang);
  if (!labels) {
    labels = getFixedT(lang, "account").then((t) => {
      const labelOf = new Map<string, string>();
      const presetOf = new Map<string, string>();
      for (const preset of PRESET_TAGS) {
        const key = `submit.presetTags.${presetTagKey(preset)}`;
        const label = t(key);
        labelOf.set(preset, label === key ? preset : label);
        presetOf.set(preset.toLowerCase(), preset);
      }
      for (const [preset, label] of labelOf) if (!presetOf.has(label.toLowerCase())) presetOf.set(label.toLowerCase(), preset);
      return { labelOf, presetOf };
    });
    byLang.set(lang, labels);
    labels.catch(() => byLang.delete(lang));
  }
  return labels;
}

const langOf = (language: string): Lang => (isLang(language) ? language : "us-en");

/** Tags as a language's tool text stores them: each preset as its label in that language. */
export async function localizePresetTags(tags: string[], language: string): Promise<string[]> {
  const { labelOf } = await presetLabels(langOf(language));
  return tags.map((tag) => labelOf.get(tag) ?? tag);
}

/** Tags as the form and the review use them: a preset's label in that language (or its English name) as the preset. */
export async function presetTagsOf(tags: string[], language: string): Promise<string[]> {
  const { presetOf } = await presetLabels(langOf(language));
  return [...new Set(tags.map((tag) => presetOf.get(tag.trim().toLowerCase()) ?? tag))];
}
