import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { withErrors } from '../../../../contract/common.ts';
import { CountryCodesResponse, CountryNameBody, CountryNameResponse, IpResponse } from '../../../../contract/site.ts';
import { HttpError } from '../../http-error.ts';
import { countryNames } from '../../site/countries.ts';
import { countryOfIp, InvalidIpError } from '../../site/geo.ts';
import { normalizeIp } from '../../site/ip.ts';

/** Country detection for pricing and the billing form, all offline (spec 000 §7). */
const geo: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/find_ip_add/',
    {
      schema: { tags: ['site'], summary: "The caller's IP address", response: withErrors({ 200: IpResponse }) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // request.ip is the socket address unless TRUST_PROXY trusts the hop that sent X-Forwarded-For.
      return { ip: normalizeIp(request.ip) };
    },
  );

  app.post(
    '/get_country_name/',
    {
      attachValidation: true,
      schema: {
        tags: ['site'],
        summary: 'Country of an IP address (offline GeoLite2 data)',
        body: CountryNameBody,
        response: withErrors({ 200: CountryNameResponse }, 400),
      },
    },
    async (request) => {
      if (request.validationError) throw new HttpError(400, 'Please send a valid IP address', 'ip_address');
      try {
        return countryOfIp(request.body.ip_address, app.config.countryOverride);
      } catch (err) {
        if (err instanceof InvalidIpError) throw new HttpError(400, 'Please send a valid IP address', 'ip_address');
        throw err;
      }
    },
  );

  app.get(
    '/get_contry_code',
    {
      schema: {
        tags: ['site'],
        summary: 'Every ISO 3166-1 alpha-2 country code mapped to its English name',
        response: withErrors({ 200: CountryCodesResponse }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return countryNames();
    },
  );
};

export default geo;
