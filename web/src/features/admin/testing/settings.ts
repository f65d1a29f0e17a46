/** Games' settings for tests, as the server sends them (amounts in its units: rupees, paise, hundredths). */
import type { AviatorSettings, MatkaSettings } from '../api/types';

export const aviatorSettings: AviatorSettings = {
  minBet: 10,
  maxBet: 10000,
  countdownMs: 4000,
  pauseMs: 1000,
  maxPayoutPerRound: 500000,
  houseEdgeBp: 100,
  maxPayoutBankrollBp: 0,
  maxPlayerPayoutBankrollBp: 75,
  bankrollCapital: 10000000,
};

/** Rates in hundredths (9.50×…), points per number in paise (₹10 to ₹10,000). */
export const matkaSettings: MatkaSettings = {
  rates: {
    singleDigit: 950,
    jodi: 9500,
    singlePanna: 15000,
    doublePanna: 30000,
    triplePanna: 90000,
    halfSangam: 140000,
    fullSangam: 1500000,
  },
  minPoints: 1000,
  maxPoints: 1000000,
};
