import { billingOf, FreeBilling } from './billing';

describe('billingOf', () => {
  const option = new FreeBilling();
  const fromApp = new FreeBilling();

  it("takes the module's option over the app's", () => {
    expect(billingOf(option, fromApp)).toBe(option);
  });

  it("takes the app's when the module has none", () => {
    expect(billingOf(undefined, fromApp)).toBe(fromApp);
  });

  it('is free when neither has one', () => {
    expect(billingOf(undefined, undefined)).toBeInstanceOf(FreeBilling);
  });
});
