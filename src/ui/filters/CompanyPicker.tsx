// One company of the caller's (a record's company, a parent organisation, a search bar's company): the companies in
// their tree's order, each under its parent, as a single choice.
import { useMemo } from 'react';
import { ChoiceField, type Choice, type ChoiceFieldProps } from './ChoiceField';
import { buildCompanyTree, type Company, type CompanyNode } from './company-tree';

interface CompanyPickerProps extends Omit<ChoiceFieldProps, 'choices'> {
  readonly companies: readonly Company[];
}

/** The companies depth first, so each follows its parent. */
export function companyChoices(companies: readonly Company[]): Choice[] {
  const out: Choice[] = [];
  const walk = (node: CompanyNode, depth: number) => {
    out.push({ value: node.code, label: node.name, depth });
    for (const child of node.children) walk(child, depth + 1);
  };
  for (const root of buildCompanyTree(companies)) walk(root, 0);
  return out;
}

export function CompanyPicker({ companies, ...rest }: CompanyPickerProps) {
  const choices = useMemo(() => companyChoices(companies), [companies]);
  return <ChoiceField {...rest} choices={choices} />;
}
