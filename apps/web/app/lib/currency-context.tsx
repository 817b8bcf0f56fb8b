import type { Currency } from '@promptmarket/contracts/site';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { EURO, pickCurrency, SELECTED_CURRENCY_KEY } from './currency';
import { type MoneyFormatter, moneyFormatter } from './money';
import { useSite } from './site-data';

type DisplayCurrency = {
  currency: Currency;
  choose: (code: string) => void;
  /** Amounts for the page's language: EUR cents in the chosen currency, internal-currency cents by name. */
  money: MoneyFormatter;
};

const DisplayCurrencyContext = createContext<DisplayCurrency | null>(null);

/**
 * The visitor's display currency. The server renders EUR; the remembered choice applies
 * right after the page starts in the browser.
 */
export function DisplayCurrencyProvider({ children }: { children: ReactNode }) {
  const { currencies, locale, settings } = useSite();
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
  const value = useMemo(() => {
    const currency = pickCurrency(currencies, code);
    return {
      currency,
      choose,
      money: moneyFormatter(locale, currency, settings.internal_currency_name),
    };
  }, [currencies, code, choose, locale, settings.internal_currency_name]);
  return <DisplayCurrencyContext.Provider value={value}>{children}</DisplayCurrencyContext.Provider>;
}

export function useDisplayCurrency(): DisplayCurrency {
  return (
    useContext(DisplayCurrencyContext) ?? {
      currency: EURO,
      choose: () => {},
      money: moneyFormatter('en', EURO, ''),
    }
  );
}
