/** Tools: the eight calculators and analyzers of /v1/tools, one form each. */
import type { ComponentType } from 'react';
import { Link, NavLink, useParams } from 'react-router';
import { BioageTool } from './tools/BioageTool.tsx';
import { BloodworkTool } from './tools/BloodworkTool.tsx';
import { InbodyTool } from './tools/InbodyTool.tsx';
import { InteractionsTool } from './tools/InteractionsTool.tsx';
import { MacrosTool } from './tools/MacrosTool.tsx';
import { NutritionTool } from './tools/NutritionTool.tsx';
import { PeptideStackTool } from './tools/PeptideStackTool.tsx';
import { ProtocolTool } from './tools/ProtocolTool.tsx';
import { useTitle } from '../lib/title.ts';

interface ToolInfo {
  slug: string;
  title: string;
  tab: string;
  summary: string;
  endpoint: string;
  Component: ComponentType;
}

export const TOOLS: ToolInfo[] = [
  {
    slug: 'bloodwork',
    tab: 'Bloodwork',
    title: 'Bloodwork analysis',
    endpoint: 'POST /v1/tools/bloodwork/analyze',
    Component: BloodworkTool,
    summary: 'A lab panel against LOINC-coded reference ranges, with unit conversion and a status per value.',
  },
  {
    slug: 'bioage',
    tab: 'PhenoAge',
    title: 'Biological age (PhenoAge)',
    endpoint: 'POST /v1/tools/bioage/calculate',
    Component: BioageTool,
    summary: "Levine 2018 phenotypic age from nine blood biomarkers, with each biomarker's contribution.",
  },
  {
    slug: 'interactions',
    tab: 'Interactions',
    title: 'Interaction check',
    endpoint: 'POST /v1/tools/interactions/check',
    Component: InteractionsTool,
    summary: 'Every interacting pair among 2–30 substances, from DDInter and the knowledge base.',
  },
  {
    slug: 'macros',
    tab: 'Macros',
    title: 'Macronutrient calculator',
    endpoint: 'POST /v1/tools/macros/calculate',
    Component: MacrosTool,
    summary: 'BMR, daily energy need, a calorie target for a goal and the macro split.',
  },
  {
    slug: 'nutrition',
    tab: 'Nutrition',
    title: 'Nutrition analysis',
    endpoint: 'POST /v1/tools/nutrition/analyze',
    Component: NutritionTool,
    summary: 'Nutrients and % Daily Value of foods from USDA SR28, with household measures.',
  },
  {
    slug: 'inbody',
    tab: 'Body composition',
    title: 'Body composition',
    endpoint: 'POST /v1/tools/inbody/analyze',
    Component: InbodyTool,
    summary: 'BMI, body-fat category, fat-free mass index, visceral fat and waist ratios.',
  },
  {
    slug: 'stack',
    tab: 'Stack builder',
    title: 'Stack builder',
    endpoint: 'POST /v1/tools/peptide-stack/build',
    Component: PeptideStackTool,
    summary: 'A goal-based selection from the knowledge base, screened for interactions.',
  },
  {
    slug: 'protocol',
    tab: 'Protocol',
    title: 'Protocol outline',
    endpoint: 'POST /v1/tools/protocol/build',
    Component: ProtocolTool,
    summary: 'Phases, a week-by-week schedule, monitoring labs and stop criteria (editorial planning material).',
  },
];

export function ToolsIndex() {
  useTitle('Tools');
  return (
    <div className="page">
      <header className="page-header">
        <h1>Tools</h1>
        <p className="lede">
          Calculators and analyzers. Every result names its method and source; none is a diagnosis.
        </p>
      </header>
      <ul className="tool-grid">
        {TOOLS.map((t) => (
          <li key={t.slug} className="card tool-card">
            <h2>
              <Link to={`/tools/${t.slug}`}>{t.title}</Link>
            </h2>
            <p>{t.summary}</p>
            <p className="muted small">
              <code>{t.endpoint}</code>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ToolPage() {
  const { tool = '' } = useParams();
  const info = TOOLS.find((t) => t.slug === tool);
  useTitle(info ? info.title : 'Unknown tool', 'Tools');
  if (!info) {
    return (
      <div className="page">
        <h1>Tool not found</h1>
        <p>
          There is no tool called “{tool}”. <Link to="/tools">See all tools</Link>.
        </p>
      </div>
    );
  }
  const { Component } = info;
  return (
    <div className="page">
      <nav className="tool-tabs" aria-label="Tools">
        {TOOLS.map((t) => (
          <NavLink key={t.slug} to={`/tools/${t.slug}`} className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
            {t.tab}
          </NavLink>
        ))}
      </nav>
      <header className="page-header">
        <h1>{info.title}</h1>
        <p className="lede">{info.summary}</p>
      </header>
      {/* key: a fresh form per tool, so switching tools never carries state across */}
      <Component key={info.slug} />
    </div>
  );
}
