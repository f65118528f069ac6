import { useRef, useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SidebarBlock } from '../../features/sidebar/SidebarBlock';
import { useDismiss } from '../../features/sidebar/widgets/useDismiss';
import { ComboboxList } from './ComboboxList';

const FRUITS = ['apple', 'banana', 'cherry'];

/** A sidebar block with a multiple choice, as the widgets use it: Escape closes through useDismiss. */
function Picker({ onPick }: { onPick?(f: string): void }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [q, setQ] = useState('');
  const root = useRef<HTMLDivElement>(null);
  useDismiss(root, open, () => setOpen(false));
  return (
    <div ref={root}>
      <SidebarBlock title="Fruit" icon={null} testId="fruit" edit={{ open, onToggle: () => setOpen((v) => !v) }}>
        <span data-testid="chosen">{chosen.join(',')}</span>
        {open && (
          <ComboboxList<string>
            inputLabel="Search fruit"
            listLabel="Fruit"
            items={FRUITS.filter((f) => f.includes(q))}
            itemKey={(f) => f}
            itemLabel={(f) => f}
            isChosen={(f) => chosen.includes(f)}
            renderItem={(f) => f}
            inputValue={q}
            onInputValueChange={setQ}
            onSelect={(f) => {
              onPick?.(f);
              setChosen((c) => (c.includes(f) ? c.filter((x) => x !== f) : [...c, f]));
            }}
            multiple
          />
        )}
      </SidebarBlock>
    </div>
  );
}

describe('ComboboxList in a sidebar block', () => {
  it('arrow keys move the active option (aria-activedescendant), Enter chooses it, options hold no buttons', () => {
    render(<Picker />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('combobox', { name: 'Search fruit' });
    expect(document.activeElement).toBe(box);
    const listbox = screen.getByRole('listbox', { name: 'Fruit' });
    expect(listbox.getAttribute('aria-multiselectable')).toBe('true');
    expect(listbox.querySelector('button')).toBeNull();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = box.getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)?.textContent).toBe('banana');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('chosen').textContent).toBe('banana');
    expect(screen.getByRole('option', { name: 'banana' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('chosen').textContent).toBe('banana,apple');
  });

  it('filters as typed, and Escape closes and returns focus to Edit', () => {
    render(<Picker />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('combobox', { name: 'Search fruit' });
    fireEvent.change(box, { target: { value: 'ch' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['cherry']);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' }));
  });
});
