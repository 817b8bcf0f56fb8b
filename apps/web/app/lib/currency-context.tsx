import type { Currency } from '@promptmarket/contracts/site';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { EURO, pickCurrency, SELECTED_CURRENCY_KEY } from './currency';
import { useSite } from './site-data';

type DisplayCurrency = {
  currency: Currency;
  choose: (code: string) => void;
};

const DisplayCurrencyContext = createContext<DisplayCurrency | null>(null);

/**
 * The visitor's display currency. The server renders EUR; the remembered choice applies
 * right after the page starts in the browser.
 */
export function DisplayCurrencyProvider({ children }: { children: ReactNode }) {
  const { currencies } = useSite();
  const [code, setCode] = useState(EURO.code);
  useEffect(() => {
    try {
      setCode(window.localStorage.getItem(SELECTED_CURRENCY_KEY) ?? EURO.code);
    } catch {
      // Storage disabled: EUR it is.
    }
  }, []);
  const choose = useCallback((next: string) => {
    setCode(next);
    try {
      window.localStorage.setItem(SELECTED_CURRENCY_KEY, next);
    } catch {
      // Storage disabled: the choice lasts for this page.
    }
  }, []);
  const value = useMemo(
    () => ({ currency: pickCurrency(currencies, code), choose }),
    [currencies, code, choose],
  );
  return <DisplayCurrencyContext.Provider value={value}>{children}</DisplayCurrencyContext.Provider>;
}

export function useDisplayCurrency(): DisplayCurrency {
  return (
    useContext(DisplayCurrencyContext) ?? {
      currency: EURO,
      choose: () => {},
    }
  );
}
