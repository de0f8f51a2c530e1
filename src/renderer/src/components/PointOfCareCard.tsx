/**
 * The monograph's point-of-care card (issues 27/28): what a prescriber checks first — adult dose, kidney and liver
 * adjustment under their own headings with the measure the label uses, boxed warnings, pregnancy, lactation,
 * monitoring, overdose and antidotes. Every statement carries the numbers of the basis entries it rests on (and only
 * those), linked to the monograph's source list.
 */
import { Fragment, type ReactNode } from 'react';
import type { Monograph, PointOfCare } from '../../../shared/schemas/monographs.ts';
import { basisAnchor } from './ClaimCitations.tsx';

function Cites({ numbers, basis }: { numbers: number[]; basis: string[] }) {
  return (
    <span className="claim-cite">
      <span aria-hidden="true">[</span>
      {numbers.map((n, i) => (
        <Fragment key={n}>
          {i > 0 && <span aria-hidden="true">, </span>}
          <a href={`#${basisAnchor(n)}`} aria-label={`Source ${n}: ${basis[n - 1] ?? ''}`} title={basis[n - 1]}>
            {n}
          </a>
        </Fragment>
      ))}
      <span aria-hidden="true">]</span>
    </span>
  );
}

function Bands({ bands }: { bands: { range: string; advice: string }[] }) {
  if (!bands.length) return null;
  return (
    <table className="poc-bands">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">What to do</th>
        </tr>
      </thead>
      <tbody>
        {bands.map((b, i) => (
          <tr key={i}>
            <td>{b.range}</td>
            <td>{b.advice}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="poc-block">
      <h3>{title}</h3>
      {children}
    </div>
  );
}

export function PointOfCareCard({ poc, sources }: { poc: PointOfCare; sources: Monograph['sources'] }) {
  const basis = sources.basis;
  const kidneyTitle = poc.renal.measure ? `Kidney function (by ${poc.renal.measure})` : 'Kidney function';
  return (
    <section id="point-of-care" className="card section poc" aria-labelledby="point-of-care-h">
      <div className="section-head">
        <h2 id="point-of-care-h">At the point of care</h2>
      </div>
      {poc.boxed_warnings.length > 0 && (
        <div className="poc-boxed" role="note" aria-label="Boxed warnings">
          <h3>Boxed warning{poc.boxed_warnings.length > 1 ? 's' : ''}</h3>
          <ul>
            {poc.boxed_warnings.map((w, i) => (
              <li key={i}>
                {w.text}
                <Cites numbers={w.basis} basis={basis} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <Block title="Adult dose">
        <table className="poc-dosing">
          <thead>
            <tr>
              <th scope="col">Use</th>
              <th scope="col">Dose</th>
              <th scope="col">Maximum</th>
            </tr>
          </thead>
          <tbody>
            {poc.adult_dosing.map((d, i) => (
              <tr key={i}>
                <td>{d.indication}</td>
                <td>
                  {d.dose}
                  <Cites numbers={d.basis} basis={basis} />
                </td>
                <td>{d.max_dose ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Block>
      <Block title={kidneyTitle}>
        {poc.renal.bands.length === 0 && (
          <p>
            No dose change is given for kidney function.
            <Cites numbers={poc.renal.basis} basis={basis} />
          </p>
        )}
        <Bands bands={poc.renal.bands} />
        {poc.renal.note && <p>{poc.renal.note}</p>}
        {poc.renal.bands.length > 0 && (
          <p className="muted small">
            Source of these bands
            <Cites numbers={poc.renal.basis} basis={basis} />
          </p>
        )}
      </Block>
      <Block title="Liver function">
        {poc.hepatic.bands.length === 0 && !poc.hepatic.note && <p>No dose change is given for liver function.</p>}
        <Bands bands={poc.hepatic.bands} />
        {poc.hepatic.note && <p>{poc.hepatic.note}</p>}
        <p className="muted small">
          Source
          <Cites numbers={poc.hepatic.basis} basis={basis} />
        </p>
      </Block>
      <Block title="Pregnancy">
        <p>
          {poc.pregnancy.text}
          <Cites numbers={poc.pregnancy.basis} basis={basis} />
        </p>
      </Block>
      <Block title="Breastfeeding">
        <p>
          {poc.lactation.text}
          <Cites numbers={poc.lactation.basis} basis={basis} />
        </p>
      </Block>
      {poc.monitoring.length > 0 && (
        <Block title="Monitoring">
          <ul>
            {poc.monitoring.map((x, i) => (
              <li key={i}>
                {x.text}
                <Cites numbers={x.basis} basis={basis} />
              </li>
            ))}
          </ul>
        </Block>
      )}
      <Block title="Overdose and antidotes">
        <p>
          {poc.overdose.text}
          <Cites numbers={poc.overdose.basis} basis={basis} />
        </p>
        {poc.overdose.antidotes.length > 0 && (
          <ul>
            {poc.overdose.antidotes.map((a, i) => (
              <li key={i}>
                <strong>{a.name}</strong>
                {a.dose ? `: ${a.dose}` : ''}
              </li>
            ))}
          </ul>
        )}
      </Block>
    </section>
  );
}
