import { zodResolver } from '@hookform/resolvers/zod';
import { depositFormRequest } from '@promptmarket/contracts/deposits';
import type { Resolver } from 'react-hook-form';
import type { DepositForm } from './components/deposit-form-fields';

/** The deposit form's check: the API's own schema (convention 9), loaded apart from the page. */
export const depositFormResolver = zodResolver(depositFormRequest) as unknown as Resolver<DepositForm>;
