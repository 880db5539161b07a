import { Alert, Box, chakra, Grid, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useRef, type FormEvent } from 'react';
import { phoneDigitsFor, pincodeMaxLength, sanitizePincodeInput } from '../../../../contract/billing-rules';
import { AccentButton } from '../../../app/ui/AccentButton';
import { currencyForCountry } from '../../../content/plans';
import type { Plan } from '../../../content/types';
import { SessionKey, setSession } from '../../../lib/session';
import { type AddressField, firstError, validateAddress } from './addressForm';
import { BillingField } from './BillingField';
import { ChosenPlan } from './ChosenPlan';
import { CountrySelect } from './CountrySelect';
import { useAddressForm } from './useAddressForm';
import { CHECKOUT_MESSAGES, useBillingCheckout } from './useBillingCheckout';
import { regionName, useCountries } from './useCountries';
import { usePincodeLookup } from './usePincodeLookup';

const PINCODE_HINT = 'City and state fill in from the pincode.';

/** The spec's digit count for the chosen country (§5), said before anything is typed (issue 45). */
export const phoneHint = (country: string) =>
  country ? `${regionName(country)}: ${phoneDigitsFor(country)} digits, numbers only.` : `${phoneDigitsFor(country)} digits, numbers only (set by the country below).`;

/** Focus after React has shown the message, so a screen reader reads it with the field. */
function focusLater(el: HTMLElement | null | undefined) {
  setTimeout(() => el?.focus(), 0);
}

/** The billing form and the plan it pays for (side by side on wide screens). */
export function AddressForm({ plan }: { plan: Plan }) {
  const { state, dispatch, detected, userId, email, currentPlan } = useAddressForm();
  const { fields, errors, placeLocked } = state;
  const countries = useCountries();
  const lookup = usePincodeLookup(fields.country, fields.pincode, dispatch);
  const { checkout, submitting, notice, paymentUrl } = useBillingCheckout(dispatch);
  const refs = useRef<Partial<Record<AddressField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const ref = (field: AddressField) => (el: HTMLInputElement | HTMLSelectElement | null) => {
    refs.current[field] = el;
  };

  const currency = currencyForCountry(fields.country || detected);
  const providerPlanId = (currency === 'INR' ? plan.planId : plan.otherplanId) ?? plan.id;
  const digitsOnlyPincode = sanitizePincodeInput(fields.country, 'A') === '';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const found = validateAddress(fields);
    dispatch({ type: 'errors', errors: found });
    const first = firstError(found);
    if (first) {
      focusLater(refs.current[first]);
      return;
    }
    // The receipt reads the plan name from here (spec §2); set before the payment tab opens,
    // since the tab starts with a copy of this tab's sessionStorage.
    setSession(SessionKey.planDetails, plan.name);
    // Synchronously, in the submit's own task: checkout opens the payment tab before any await.
    void checkout({ fields, planId: providerPlanId, userId, email }).then((result) => {
      if (result.field) focusLater(refs.current[result.field]);
    });
  };

  const pincodeNote = lookup.looking
    ? 'Looking up city and state…'
    : lookup.error ?? (placeLocked ? `Found: ${fields.city}, ${fields.state}` : PINCODE_HINT);

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 340px' }} gap={{ base: 5, md: 8 }} alignItems="start" mt={{ base: 5, md: 8 }}>
      <Box order={{ base: 0, lg: 1 }} position={{ lg: 'sticky' }} top={{ lg: 6 }}>
        <ChosenPlan plan={plan} currency={currency} trialAvailable={Boolean(currentPlan?.trial_available)} />
        {currentPlan?.plan === plan.id ? (
          <Alert.Root status="info" mt="4" rounded="xl">
            <Alert.Indicator />
            <Alert.Title>{plan.name} is already your current plan.</Alert.Title>
          </Alert.Root>
        ) : null}
      </Box>
      <chakra.form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="billing-form-title"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border.muted"
        rounded="2xl"
        p={{ base: 5, md: 8 }}
      >
        <Text as="h2" id="billing-form-title" fontSize="lg" fontWeight="semibold">
          Billing details
        </Text>
        <Text color="fg.muted" fontSize="sm" mt="1">
          Fields marked * are required.
        </Text>
        <chakra.fieldset disabled={submitting} border="0" p="0" m="0" mt="6" minW="0">
          <Stack gap="5">
            <BillingField
              label="Full name"
              required
              autoComplete="name"
              value={fields.full_name}
              error={errors.full_name}
              ref={ref('full_name')}
              onChange={(e) => dispatch({ type: 'edit', field: 'full_name', value: e.target.value })}
            />
            <BillingField label="Email" type="email" value={email} readOnly helper="The email of your account; the receipt is sent here." />
            <BillingField
              label="Phone number"
              required
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={phoneDigitsFor(fields.country)}
              value={fields.phone_number}
              error={errors.phone_number}
              placeholder={`${phoneDigitsFor(fields.country)} digits`}
              helper={phoneHint(fields.country)}
              ref={ref('phone_number')}
              onChange={(e) => dispatch({ type: 'phone', value: e.target.value })}
            />
            <BillingField
              label="Address"
              required
              autoComplete="street-address"
              value={fields.address}
              error={errors.address}
              ref={ref('address')}
              onChange={(e) => dispatch({ type: 'edit', field: 'address', value: e.target.value })}
            />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <CountrySelect
                value={fields.country}
                countries={countries}
                locked={Boolean(detected)}
                error={errors.country}
                helper={detected ? 'Paid plans are billed in the country you are in.' : undefined}
                selectRef={ref('country')}
                onChange={(value) => dispatch({ type: 'country', value })}
              />
              <BillingField
                label="Pincode"
                required
                inputMode={digitsOnlyPincode ? 'numeric' : 'text'}
                autoComplete="postal-code"
                maxLength={pincodeMaxLength(fields.country)}
                value={fields.pincode}
                error={errors.pincode}
                helper={<span role="status">{pincodeNote}</span>}
                helperTone={lookup.error ? 'warning' : 'muted'}
                ref={ref('pincode')}
                onChange={(e) => dispatch({ type: 'pincode', value: e.target.value })}
              />
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <BillingField
                label="City"
                autoComplete="address-level2"
                value={fields.city}
                readOnly={placeLocked}
                error={errors.city}
                ref={ref('city')}
                onChange={(e) => dispatch({ type: 'edit', field: 'city', value: e.target.value })}
              />
              <BillingField
                label="State"
                autoComplete="address-level1"
                value={fields.state}
                readOnly={placeLocked}
                error={errors.state}
                ref={ref('state')}
                onChange={(e) => dispatch({ type: 'edit', field: 'state', value: e.target.value })}
              />
            </SimpleGrid>

            {notice ? (
              <Alert.Root status={notice.kind} rounded="xl" role={notice.kind === 'error' ? 'alert' : 'status'}>
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{notice.text}</Alert.Title>
                  {notice.detail ? <Alert.Description>{notice.detail}</Alert.Description> : null}
                  {paymentUrl ? (
                    <Link href={paymentUrl} target="_blank" rel="noopener" color="brand.fg" fontWeight="semibold" mt="1">
                      {CHECKOUT_MESSAGES.openPayment}
                    </Link>
                  ) : null}
                </Alert.Content>
              </Alert.Root>
            ) : null}

            <AccentButton type="submit" size="lg" w={{ base: 'full', sm: 'auto' }} alignSelf={{ sm: 'flex-start' }} px="8" loading={submitting} loadingText="Processing...">
              Continue to payment
            </AccentButton>
            <Text color="fg.subtle" fontSize="sm" mt="-2">
              The payment page opens in a new tab.
            </Text>
          </Stack>
        </chakra.fieldset>
      </chakra.form>
    </Grid>
  );
}
