// The caller's companies for a master-data screen's company fields (names in the list, the pickers): the report
// options' companies, asked again after the organisations themselves changed, here or in any other console.
import { useCallback, useEffect, useState } from 'react';
import type { EntityDef, EntityPath } from '../../../../domain/screens/entities/definition';
import type { Company } from '../../../ui/filters';
import { useEntityChanges } from '../../live/use-entity-changes';
import { reportFailure } from '../../reactions';
import { forgetReportOptions, reportOptions } from '../report/report-options';

const NONE: readonly Company[] = [];

/** The organisations screen: a company saved there renames or adds a choice of every company picker. */
const ORGANISATIONS_PATH: EntityPath = '/setting/base_data/company';

interface Companies {
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

  const askAgain = useCallback(() => {
    forgetReportOptions();
    setAsked((value) => value + 1);
  }, []);

  const saved = useCallback(() => {
    if (def.table === 'company') askAgain();
  }, [def, askAgain]);

  // Saved in another console (or this one's other tab): the pickers, and an organisations list's parent names, follow.
  const changedElsewhere = useCallback(() => {
    if (wanted) askAgain();
  }, [wanted, askAgain]);
  useEntityChanges(ORGANISATIONS_PATH, changedElsewhere);

  return { companies, saved };
}
