// The report filter over companies: a button showing the selection that opens a checkbox tree; nothing chosen = all.
import { useId, useMemo } from 'react';
import {
  Button,
  Checkbox,
  Collection,
  Dialog,
  DialogTrigger,
  Popover,
  Tree,
  TreeItem,
  TreeItemContent,
  type Selection,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { AriaLocale } from './AriaLocale';
import { applyTreeSelection, buildCompanyTree, selectionSummary, subtreeCodes, type Company, type CompanyNode } from './company-tree';
import './filters.css';

interface CompanyTreeSelectProps {
  readonly companies: readonly Company[];
  /** Selected company codes, parents and children alike; empty means all the user's companies. */
  readonly value: readonly string[];
  readonly onChange: (codes: string[]) => void;
}

export function CompanyTreeSelect(props: CompanyTreeSelectProps) {
  return (
    <AriaLocale>
      <CompanyTreeSelectField {...props} />
    </AriaLocale>
  );
}

function CompanyTreeSelectField({ companies, value, onChange }: CompanyTreeSelectProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const valueId = useId();
  const roots = useMemo(() => buildCompanyTree(companies), [companies]);
  const subtrees = useMemo(() => subtreeCodes(roots), [roots]);
  const order = useMemo(() => companies.map((company) => company.code), [companies]);
  // The list is short (a user's companies), so it opens fully expanded.
  const parents = useMemo(() => order.filter((code) => (subtrees.get(code)?.length ?? 0) > 1), [order, subtrees]);
  const selectedKeys = useMemo(() => new Set(value), [value]);

  const summary = selectionSummary(roots, value);
  const separator = t('report.filter.listSeparator');
  const names = summary.names.join(separator);
  const shown =
    value.length === 0
      ? t('report.filter.allCompanies')
      : summary.more > 0
        ? t('report.filter.companiesMore', { names, total: summary.names.length + summary.more })
        : names;

  function select(keys: Selection) {
    const next = keys === 'all' ? order : [...keys].map(String);
    onChange(applyTreeSelection(value, next, subtrees, order));
  }

  return (
    <div className="filters__field">
      <span id={labelId} className="filters__label">
        {t('report.filter.company')}
      </span>
      <DialogTrigger>
        <Button className="filters__trigger" aria-labelledby={`${labelId} ${valueId}`}>
          <span id={valueId} className="filters__value" title={shown}>
            {shown}
          </span>
          <span aria-hidden="true" className="filters__caret" />
        </Button>
        <Popover className="filters__popover" placement="bottom start">
          <Dialog className="filters__dialog" aria-labelledby={labelId}>
            <Button className="filters__link" isDisabled={value.length === 0} onPress={() => onChange([])}>
              {t('report.filter.allCompanies')}
            </Button>
            <Tree
              className="filters__tree"
              aria-labelledby={labelId}
              items={roots}
              selectionMode="multiple"
              selectedKeys={selectedKeys}
              onSelectionChange={select}
              defaultExpandedKeys={parents}
            >
              {renderNode}
            </Tree>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}

function renderNode(node: CompanyNode) {
  return (
    <TreeItem id={node.code} textValue={node.name} className="filters__tree-item">
      <TreeItemContent>
        {({ hasChildItems }) => (
          <>
            {hasChildItems ? (
              <Button slot="chevron" className="filters__chevron">
                <span aria-hidden="true" className="filters__caret" />
              </Button>
            ) : (
              <span className="filters__chevron" />
            )}
            <Checkbox slot="selection" className="filters__checkbox">
              <span aria-hidden="true" className="filters__box" />
            </Checkbox>
            <span className="filters__tree-name">{node.name}</span>
          </>
        )}
      </TreeItemContent>
      <Collection items={node.children}>{renderNode}</Collection>
    </TreeItem>
  );
}
