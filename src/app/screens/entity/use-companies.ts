// The caller's companies for a master-data screen's company fields (names in the list, the pickers): the report
// options' companies, asked again after the organisations themselves changed.
import { useCallback, useEffect, useState } from 'react';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import type { Company } from '../../../ui/filters';
import { reportFailure } from '../../reactions';
import { forgetReportOptions, reportOptions } from '../report/report-options';

const NONE: readonly Company[] = [];

export interface Companies {
  readonly companies: readonly Company[];
  /** A save went through: an organisations screen asks for the companies again. */
  readonly saved: () => void;
}

export function useCompanies(def: EntityDef): Companies {
  const wanted = def.fields.some((field) => field.type === 'company');
  const [companies, setCompanies] = useState<readonly Company[]>(NONE);
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    if (!wanted) return undefined;
    let current = true;
    reportOptions().then((options) => current && setCompanies(options.companies), reportFailure);
    return () => {
      current = false;
    };
  }, [wanted, asked]);

  const saved = useCallback(() => {
    if (def.table !== 'company') return;
    forgetReportOptions();
    setAsked((value) => value + 1);
  }, [def]);

  return { companies, saved };
}
