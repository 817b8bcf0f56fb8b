import type { Currency } from '@promptmarket/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useSite } from '../../lib/site-data';
import { convertFromEur, EURO, formatMoney, pickCurrency, SELECTED_CURRENCY_KEY } from './currency';

type DisplayCurrency = {
  currency: Currency;
  choose: (code: string) => void;
  /** A EUR amount in the chosen currency, formatted for the page's language. */
  format: (amountEur: number) => string;
};

const DisplayCurrencyContext = createContext<DisplayCurrency | null>(null);

/**
 * The visitor's display currency. The server renders EUR; the remembered choice applies
 * right after the page starts in the browser.
 */
export function DisplayCurrencyProvider({ children }: { children: ReactNode }) {
  const { currencies, locale } = useSite();
  const [code, setCode] = useState('EUR');
  useEffect(() => {
    try {
      setCode(window.localStorage.getItem(SELECTED_CURRENCY_KEY) ?? 'EUR');
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
  const value = useMemo(() => {
    const currency = pickCurrency(currencies, code);
    return {
      currency,
      choose,
      format: (amountEur: number) => formatMoney(convertFromEur(amountEur, currency), currency, locale),
    };
  }, [currencies, code, choose, locale]);
  return <DisplayCurrencyContext.Provider value={value}>{children}</DisplayCurrencyContext.Provider>;
}

export function useDisplayCurrency(): DisplayCurrency {
  return (
    useContext(DisplayCurrencyContext) ?? {
      currency: EURO,
      choose: () => {},
      format: (amount: number) => formatMoney(amount, EURO, 'en'),
    }
  );
}
